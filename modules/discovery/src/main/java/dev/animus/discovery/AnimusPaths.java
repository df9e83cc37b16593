package dev.animus.discovery;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where Animus keeps and looks for things (docs/operations.md#where-animus-keeps-things), from the
 * caller's environment: {@code <animus_home>} is {@code $ANIMUS_HOME}, else
 * {@code $ANIMUS_CONFIG_DIR}, else {@code ~/.animus}; the global install dir is
 * {@code $ANIMUS_PLUGIN_DIR}, else {@code <animus_home>/plugins}; {@code $ANIMUS_PLUGIN_PATH} lists
 * more plugin directories; the project root is given (the {@code --project-root} option), else the
 * working directory. Relative variables resolve against the working directory. Nothing is created
 * here. {@code legacyYamlRegistry} is the seed's {@code ~/.config/animus/plugins.yaml}, present
 * only when the home is the default one (neither variable is set).
 */
public record AnimusPaths(
        Path home,
        Path pluginDir,
        List<Path> pluginPath,
        List<Path> systemPath,
        Path projectRoot,
        boolean manifestCacheEnabled,
        Optional<Path> legacyYamlRegistry) {

    public AnimusPaths {
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(pluginDir, "pluginDir");
        pluginPath = List.copyOf(pluginPath);
        systemPath = List.copyOf(systemPath);
        Objects.requireNonNull(projectRoot, "projectRoot");
        Objects.requireNonNull(legacyYamlRegistry, "legacyYamlRegistry");
    }

    /**
     * @param projectRoot the {@code --project-root} value, or the working directory
     * @throws IllegalArgumentException when no home can be found (no variable and no {@code HOME})
     */
    public static AnimusPaths from(Map<String, String> env, Path projectRoot) {
        Path cwd = Path.of("").toAbsolutePath();
        Path home = variable(env, "ANIMUS_HOME", cwd)
                .or(() -> variable(env, "ANIMUS_CONFIG_DIR", cwd))
                .or(() -> variable(env, "HOME", cwd).map(h -> h.resolve(".animus")))
                .orElseThrow(() -> new IllegalArgumentException(
                        "no animus home: set ANIMUS_HOME (or HOME) to a directory Animus may use"));
        Path pluginDir = variable(env, "ANIMUS_PLUGIN_DIR", cwd).orElse(home.resolve("plugins"));
        return new AnimusPaths(
                home,
                pluginDir,
                list(env.get("ANIMUS_PLUGIN_PATH"), cwd),
                list(env.get("PATH"), cwd),
                cwd.resolve(projectRoot).normalize(),
                !"1".equals(env.get("ANIMUS_DISABLE_MANIFEST_CACHE")),
                // the seed's fallback beside the default home only: a home named by a variable (a
                // tour's, a test's) never reads the operator's ~/.config
                variable(env, "ANIMUS_HOME", cwd).isPresent()
                                || variable(env, "ANIMUS_CONFIG_DIR", cwd).isPresent()
                        ? Optional.empty()
                        : variable(env, "HOME", cwd).map(h -> h.resolve(".config/animus/plugins.yaml")));
    }

    /** The operator's registry of extra plugins: name → binary path. */
    public Path registry() {
        return home.resolve("plugins.toml");
    }

    /**
     * The registry files, in the order they are looked for (decision 027): {@code plugins.toml},
     * the seed's {@code <animus_home>/plugins.yaml}, and, beside the default home only, its legacy
     * {@code ~/.config/animus/plugins.yaml}. The first that exists is read; the others are warned
     * about.
     */
    public List<Path> registries() {
        List<Path> all = new ArrayList<>(List.of(registry(), home.resolve("plugins.yaml")));
        legacyYamlRegistry.ifPresent(all::add);
        return List.copyOf(all);
    }

    /** The manifest cache, keyed by the binary's digest. */
    public Path manifestCache() {
        return home.resolve("cache").resolve("manifests");
    }

    /**
     * Private ({@code 0700}) working space: the copies discovery probes live in
     * {@code tmp/probe-*} while they run.
     */
    public Path privateTmp() {
        return home.resolve("tmp");
    }

    /** The project's own plugins. */
    public Path projectPlugins() {
        return projectRoot.resolve(".animus").resolve("plugins");
    }

    private static Optional<Path> variable(Map<String, String> env, String name, Path cwd) {
        String v = env.get(name);
        return v == null || v.isBlank()
                ? Optional.empty()
                : Optional.of(cwd.resolve(v).normalize());
    }

    private static List<Path> list(String value, Path cwd) {
        List<Path> dirs = new ArrayList<>();
        if (value != null) {
            for (String part : value.split(":")) {
                if (!part.isBlank()) {
                    dirs.add(cwd.resolve(part).normalize());
                }
            }
        }
        return dirs;
    }
}
