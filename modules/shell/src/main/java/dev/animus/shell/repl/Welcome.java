package dev.animus.shell.repl;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The line the interactive shell opens with: the version, the home and project its commands use,
 * and where plugins run. Paths under the user's home read {@code ~/...}.
 *
 * @param version the build's version
 * @param home {@code <animus_home>}, or empty when there is none (no {@code ANIMUS_HOME} and no
 *     {@code HOME})
 * @param project the project root of commands that name none
 * @param userHome {@code $HOME}, if set: the prefix shown as {@code ~}
 * @param plugins where the plugins started by this shell run
 */
record Welcome(String version, Optional<Path> home, Path project, Optional<Path> userHome, PluginsRun plugins) {

    /**
     * Where plugins run. Today always in the shell's own process; a daemon that keeps plugins
     * between shells would be another case here.
     */
    sealed interface PluginsRun {
        String text();

        /** No daemon: the shell starts the plugins and stops them when it ends. */
        record InThisShell() implements PluginsRun {
            @Override
            public String text() {
                return "no daemon: plugins run in this shell";
            }
        }
    }

    Welcome {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(userHome, "userHome");
        Objects.requireNonNull(plugins, "plugins");
    }

    /** {@code animus 0.1.0 · home ~/.animus · project ~/src/app · no daemon: ... · type help} */
    String line() {
        return "animus " + version
                + " · home " + home.map(this::shown).orElse("none (set ANIMUS_HOME)")
                + " · project " + shown(project)
                + " · " + plugins.text()
                + " · type help";
    }

    /** {@code path} as {@code ~} or {@code ~/rest} when it is under the user's home, else as it is. */
    String shown(Path path) {
        Path p = path.toAbsolutePath().normalize();
        if (userHome.isPresent()) {
            Path h = userHome.get().toAbsolutePath().normalize();
            if (!h.equals(h.getRoot()) && p.startsWith(h)) {
                Path rest = h.relativize(p);
                return rest.toString().isEmpty() ? "~" : "~/" + rest;
            }
        }
        return p.toString();
    }
}
