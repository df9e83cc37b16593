package dev.animus.shell;

import dev.animus.runtime.AnimusHome;
import dev.animus.runtime.AnimusPaths;
import dev.animus.runtime.PluginHost;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every command of one {@code animus} process shares: the standard streams, the caller's
 * environment, and the plugin host, so plugins stay warm from one command of a script (or of the
 * interactive shell) to the next.
 *
 * @param mode where the commands come from
 */
record ShellContext(Terminal terminal, Map<String, String> environment, PluginHost host, Mode mode,
        Set<Path> warnedAbout, Map<AnimusPaths, AnimusHome> homes) {

    /** Where the commands of this process come from. */
    enum Mode {
        /** One command line, from the arguments. */
        ONE_SHOT,
        /** Commands read from stdin, one per line, with no one to ask: stdin is not free for answers. */
        SCRIPT,
        /** The interactive shell at a terminal: a person can answer questions between commands. */
        SHELL
    }

    ShellContext {
        environment = Map.copyOf(environment);
        Objects.requireNonNull(mode, "mode");
    }

    static ShellContext oneShot(Terminal terminal, Map<String, String> environment, PluginHost host) {
        return new ShellContext(terminal, environment, host, Mode.ONE_SHOT, ConcurrentHashMap.newKeySet(),
                new ConcurrentHashMap<>());
    }

    /** The same context, reading commands from stdin. */
    ShellContext asScript() {
        return new ShellContext(terminal, environment, host, Mode.SCRIPT, warnedAbout, homes);
    }

    /** The same host and stores, for the interactive shell writing through {@code shellTerminal}. */
    ShellContext asShell(Terminal shellTerminal) {
        return new ShellContext(shellTerminal, environment, host, Mode.SHELL, warnedAbout, homes);
    }

    /** Whether commands come from stdin as a script: then nobody answers a question, and stdin holds no data. */
    boolean scriptMode() {
        return mode == Mode.SCRIPT;
    }

    /** Whether stdin holds the commands (a script or the shell), so it is not free for {@code --params -}. */
    boolean commandsOnStdin() {
        return mode != Mode.ONE_SHOT;
    }

    /**
     * The home and project of {@code paths}, opened once per process: commands of one script share
     * its stores, so a plugin registered by one command stays warm for the next.
     */
    AnimusHome home(AnimusPaths paths) {
        return homes.computeIfAbsent(paths, p -> AnimusHome.open(p, environment));
    }
}
