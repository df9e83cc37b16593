package dev.animus.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A systemd user unit that runs {@code animus daemon run} for one project
 * (docs/operations.md#a-systemd-user-unit): {@code Type=simple}, {@code Restart=on-failure}, the
 * project root as working directory and as {@code --project-root}, and {@code ANIMUS_HOME} when
 * the caller has one set. Values are written the way systemd reads them: {@code %} doubled
 * everywhere (specifiers), command-line words double-quoted with backslash escapes when they hold
 * anything but plain path characters, {@code $} doubled on the command line (variable
 * expansion); a value systemd cannot hold (a line break, or leading or trailing blanks in the
 * working directory) is refused.
 *
 * <p>The unit file is {@code $XDG_CONFIG_HOME/systemd/user/animus-<scope>.service} (else
 * {@code ~/.config/systemd/user/}). {@link #install} and {@link #uninstall} run {@code systemctl
 * --user} only when it is on the {@code PATH} and a user bus exists; what is left for the operator
 * to run is returned as command lines.
 *
 * @param root the canonical project root
 * @param scopeId the scope id (the unit's name is {@code animus-<scopeId>.service})
 * @param launcher the absolute path of the {@code animus} launcher
 * @param animusHome the {@code ANIMUS_HOME} to run with, when the caller has one set
 */
public record SystemdUnit(Path root, String scopeId, Path launcher, Optional<Path> animusHome) {
    /** How long one {@code systemctl} run may take. */
    private static final long SYSTEMCTL_SECONDS = 30;

    public SystemdUnit {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(scopeId, "scopeId");
        Objects.requireNonNull(launcher, "launcher");
        Objects.requireNonNull(animusHome, "animusHome");
        if (!launcher.isAbsolute() || !root.isAbsolute()) {
            throw new IllegalArgumentException("the launcher and the root must be absolute paths");
        }
    }

    /**
     * The unit of {@code scope}'s daemon, started by {@code launcher}; {@code ANIMUS_HOME} is taken
     * from {@code env} when set there (made absolute).
     */
    public static SystemdUnit of(DaemonScope scope, Path launcher, Map<String, String> env) {
        String home = env.get("ANIMUS_HOME");
        Optional<Path> animusHome = home == null || home.isBlank()
                ? Optional.empty()
                : Optional.of(Path.of(home).toAbsolutePath().normalize());
        return new SystemdUnit(
                scope.root(), scope.id(), launcher.toAbsolutePath().normalize(), animusHome);
    }

    /** The unit's name, {@code animus-<scope>.service}. */
    public String name() {
        return "animus-" + scopeId + ".service";
    }

    /**
     * The unit file's text.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#UNIT} when a path cannot be written into a
     *     unit (a line break; leading or trailing blanks in the root)
     */
    public String text() {
        String rootText = root.toString();
        if (!rootText.equals(rootText.strip()) || rootText.endsWith("\\")) {
            throw refused("the project root " + rootText);
        }
        StringBuilder u = new StringBuilder();
        u.append("# written by animus daemon service install; remove with animus daemon service uninstall\n");
        u.append("[Unit]\n");
        u.append("Description=Animus daemon for ")
                .append(specifiers(line(rootText)))
                .append('\n');
        u.append('\n');
        u.append("[Service]\n");
        u.append("Type=simple\n");
        u.append("WorkingDirectory=").append(specifiers(line(rootText))).append('\n');
        animusHome.ifPresent(h -> u.append("Environment=")
                .append(quoted(specifiers(line("ANIMUS_HOME=" + h))))
                .append('\n'));
        u.append("ExecStart=")
                .append(String.join(
                        " ", List.of(word(launcher.toString()), "--project-root", word(rootText), "daemon", "run")))
                .append('\n');
        u.append("Restart=on-failure\n");
        u.append("RestartSec=2\n");
        u.append('\n');
        u.append("[Install]\n");
        u.append("WantedBy=default.target\n");
        return u.toString();
    }

    /** Where the unit file goes: {@code $XDG_CONFIG_HOME/systemd/user/}, else {@code $HOME/.config/...}. */
    public Path path(Map<String, String> env) {
        String config = env.get("XDG_CONFIG_HOME");
        Path base;
        if (config != null && !config.isBlank() && Path.of(config).isAbsolute()) {
            base = Path.of(config);
        } else {
            String home = env.get("HOME");
            if (home == null || home.isBlank()) {
                throw new DaemonFailure(
                        DaemonFailure.Reason.UNIT,
                        "no directory for systemd user units: neither XDG_CONFIG_HOME nor HOME is set",
                        "set HOME (or XDG_CONFIG_HOME)");
            }
            base = Path.of(home).resolve(".config");
        }
        return base.resolve("systemd").resolve("user").resolve(name());
    }

    /** One {@code systemctl} run. */
    public record Ran(String command, int exitCode, String output) {}

    /**
     * What {@link #install} or {@link #uninstall} did.
     *
     * @param unitFile the unit file
     * @param ran the {@code systemctl} commands run, with their exit codes and output
     * @param toRun the command lines left for the operator, in order
     */
    public record Change(Path unitFile, List<Ran> ran, List<String> toRun) {
        public Change {
            ran = List.copyOf(ran);
            toRun = List.copyOf(toRun);
        }
    }

    /**
     * Writes the unit file (atomically, 0644) and, when {@code systemctl} and a user bus are
     * there, runs {@code systemctl --user daemon-reload}. Enabling is left to the operator: the
     * returned {@link Change#toRun()} says how ({@code systemctl --user enable --now <name>}).
     */
    public Change install(Map<String, String> env) {
        Path file = path(env);
        byte[] text = text().getBytes(StandardCharsets.UTF_8);
        try {
            Files.createDirectories(file.getParent());
            AtomicWrite.write(file, text, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot write the unit file " + file + ": " + e.getMessage(),
                    "check the permissions of " + file.getParent(),
                    e);
        }
        String reload = "systemctl --user daemon-reload";
        String enable = "systemctl --user enable --now " + name();
        Optional<Path> systemctl = systemctl(env);
        if (systemctl.isEmpty()) {
            return new Change(file, List.of(), List.of(reload + " && " + enable));
        }
        Ran ran = run(systemctl.get(), env, "--user", "daemon-reload");
        return new Change(file, List.of(ran), List.of(ran.exitCode() == 0 ? enable : reload + " && " + enable));
    }

    /**
     * Stops and disables the unit ({@code systemctl --user disable --now}) when {@code systemctl}
     * and a user bus are there, removes the unit file, and reloads systemd; without them, removes
     * the file and returns the commands to run.
     */
    public Change uninstall(Map<String, String> env) {
        Path file = path(env);
        String disable = "systemctl --user disable --now " + name();
        String reload = "systemctl --user daemon-reload";
        Optional<Path> systemctl = systemctl(env);
        List<Ran> ran = new ArrayList<>();
        List<String> toRun = new ArrayList<>();
        if (systemctl.isPresent()) {
            Ran d = run(systemctl.get(), env, "--user", "disable", "--now", name());
            ran.add(d);
            if (d.exitCode() != 0) {
                toRun.add(disable);
            }
        } else {
            toRun.add(disable);
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot remove the unit file " + file + ": " + e.getMessage(),
                    "remove it by hand",
                    e);
        }
        if (systemctl.isPresent()) {
            Ran r = run(systemctl.get(), env, "--user", "daemon-reload");
            ran.add(r);
            if (r.exitCode() != 0) {
                toRun.add(reload);
            }
        } else {
            toRun.add(reload);
        }
        return new Change(file, ran, toRun);
    }

    /**
     * {@code systemctl} on {@code env}'s {@code PATH}, when a user bus exists too
     * ({@code $XDG_RUNTIME_DIR/bus}, or {@code DBUS_SESSION_BUS_ADDRESS} set).
     */
    static Optional<Path> systemctl(Map<String, String> env) {
        String runtime = env.get("XDG_RUNTIME_DIR");
        boolean bus = (runtime != null && !runtime.isBlank() && Files.exists(Path.of(runtime, "bus")))
                || (env.get("DBUS_SESSION_BUS_ADDRESS") != null
                        && !env.get("DBUS_SESSION_BUS_ADDRESS").isBlank());
        if (!bus) {
            return Optional.empty();
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            if (!dir.isBlank()) {
                Path p = Path.of(dir, "systemctl");
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static Ran run(Path systemctl, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add(systemctl.toString());
        command.addAll(List.of(args));
        String line = "systemctl " + String.join(" ", args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(SYSTEMCTL_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Ran(line, -1, "did not finish within " + SYSTEMCTL_SECONDS + " s");
            }
            return new Ran(line, p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return new Ran(line, -1, "cannot run " + systemctl + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Ran(line, -1, "interrupted");
        }
    }

    /** A value on one line: a line break cannot be written into a unit. */
    private static String line(String value) {
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\0') >= 0) {
            throw refused(value.replace("\n", "\\n").replace("\r", "\\r").replace("\0", "\\0"));
        }
        return value;
    }

    /** {@code %} starts a specifier everywhere in a unit: doubled. */
    private static String specifiers(String value) {
        return value.replace("%", "%%");
    }

    /** A word of {@code ExecStart=}: quoted unless plain, {@code %} and {@code $} doubled. */
    private static String word(String value) {
        String v = specifiers(line(value)).replace("$", "$$");
        return v.matches("[A-Za-z0-9/._+:@,=-]+") ? v : quoted(v);
    }

    /** Double quotes, with {@code \} and {@code "} escaped by a backslash. */
    private static String quoted(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static DaemonFailure refused(String what) {
        return new DaemonFailure(
                DaemonFailure.Reason.UNIT,
                "cannot write " + what + " into a systemd unit (a line break, or blanks at its ends)",
                "run the daemon from a project whose path has none");
    }
}
