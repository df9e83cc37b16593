package dev.animus.shell.daemon;

import dev.animus.runtime.Plugins;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How to start this very {@code animus} again as another process (the daemon {@code daemon start}
 * spawns, the unit {@code daemon service install} writes): the launcher that started it
 * ({@value Plugins#LAUNCHER_VARIABLE}, set by {@code bin/animus}), else this JVM with its module
 * path and main module.
 */
final class Launcher {
    private Launcher() {}

    /** The launcher's absolute path, when {@code bin/animus} started this process. */
    static Optional<Path> path(Map<String, String> env) {
        String v = env.getOrDefault(Plugins.LAUNCHER_VARIABLE, "");
        if (v.isEmpty()) {
            return Optional.empty();
        }
        Path p = Path.of(v);
        return p.isAbsolute() && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    /**
     * The command line that runs {@code animus} again, without arguments.
     *
     * @throws CommandFailed when neither the launcher nor the main module is known
     */
    static List<String> command(Map<String, String> env) {
        Optional<Path> launcher = path(env);
        if (launcher.isPresent()) {
            return List.of(launcher.get().toString());
        }
        String java = ProcessHandle.current().info().command().orElse("");
        String modulePath = System.getProperty("jdk.module.path", "");
        String main = System.getProperty("jdk.module.main", "");
        if (java.isEmpty() || modulePath.isEmpty() || main.isEmpty()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "daemon_no_launcher",
                    "cannot tell how this animus was started, so it cannot start itself again: run 'animus daemon run'"
                            + " in a terminal or under a service manager, or start animus with its bin/animus launcher");
        }
        List<String> cmd = new ArrayList<>(List.of(
                java, "-XX:+UseSerialGC", "-XX:UserThreadWaitAttemptsAtExit=0", "-Xlog:disable", "-p", modulePath));
        String mainClass = System.getProperty("jdk.module.main.class", "");
        cmd.add("-m");
        cmd.add(mainClass.isEmpty() ? main : main + "/" + mainClass);
        return List.copyOf(cmd);
    }
}
