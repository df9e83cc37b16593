package dev.animus.shell;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLink;
import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.shell.render.Terminal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * @param defaults the global options given to {@code animus} itself when it reads commands (a script
 *     or the shell), as words: {@code animus --project-root P < script} runs every line of the
 *     script in project P unless the line names its own {@code --project-root}
 */
public record ShellContext(
        Terminal terminal,
        Map<String, String> environment,
        Plugins host,
        Mode mode,
        Set<Path> warnedAbout,
        Map<AnimusPaths, Animus> animuses,
        List<List<String>> defaults,
        Map<Path, DaemonLink> daemons) {

    /** Where the commands of this process come from. */
    enum Mode {
        /** One command line, from the arguments. */
        ONE_SHOT,
        /** Commands read from stdin, one per line, with no one to ask: stdin is not free for answers. */
        SCRIPT,
        /** The interactive shell at a terminal: a person can answer questions between commands. */
        SHELL
    }

    public ShellContext {
        environment = Map.copyOf(environment);
        Objects.requireNonNull(mode, "mode");
        defaults = defaults.stream().map(List::copyOf).toList();
    }

    public static ShellContext oneShot(Terminal terminal, Map<String, String> environment, Plugins host) {
        return new ShellContext(
                terminal,
                environment,
                host,
                Mode.ONE_SHOT,
                ConcurrentHashMap.newKeySet(),
                new ConcurrentHashMap<>(),
                List.of(),
                new ConcurrentHashMap<>());
    }

    /**
     * The same context, reading commands from stdin, each with {@code defaults} (each an option and
     * its value, if any) unless the command names that option itself.
     */
    public ShellContext asScript(List<List<String>> defaults) {
        return new ShellContext(terminal, environment, host, Mode.SCRIPT, warnedAbout, animuses, defaults, daemons);
    }

    /** The same host, stores and defaults, for the interactive shell writing through {@code shellTerminal}. */
    public ShellContext asShell(Terminal shellTerminal) {
        return new ShellContext(shellTerminal, environment, host, Mode.SHELL, warnedAbout, animuses, defaults, daemons);
    }

    /** The same host, stores and defaults, reading commands from stdin (the shell without a line editor). */
    public ShellContext asScript() {
        return asScript(defaults);
    }

    /**
     * {@code words} of one command read from stdin, after the {@link #defaults} it does not override:
     * a default option is left out when the line names it ({@code --opt} or {@code --opt=value}).
     */
    public List<String> withDefaults(List<String> words) {
        List<String> all = new ArrayList<>();
        for (List<String> option : defaults) {
            String name = option.getFirst();
            if (words.stream().noneMatch(w -> w.equals(name) || w.startsWith(name + "="))) {
                all.addAll(option);
            }
        }
        all.addAll(words);
        return all;
    }

    /** Whether commands come from stdin as a script: then nobody answers a question, and stdin holds no data. */
    public boolean scriptMode() {
        return mode == Mode.SCRIPT;
    }

    /** Whether this is the interactive shell: it handles Ctrl-C itself (by interrupting the command's thread). */
    public boolean interactive() {
        return mode == Mode.SHELL;
    }

    /** Whether stdin holds the commands (a script or the shell), so it is not free for {@code --params -}. */
    public boolean commandsOnStdin() {
        return mode != Mode.ONE_SHOT;
    }

    /**
     * The application API over the home and project of {@code paths}, opened once per process and
     * paths: commands of one script share its stores (a plugin registered by one command stays
     * warm for the next because its registration is equal by value, not because of this sharing).
     */
    public Animus animus(AnimusPaths paths) {
        return animuses.computeIfAbsent(paths, p -> Animus.open(p, environment));
    }

    /**
     * The connection to the daemon listening on {@code socket}, made once per process (a script or
     * the shell reuses it from command to command; a closed one is made again).
     *
     * @throws DaemonFailure when it cannot be reached
     */
    public DaemonLink daemonLink(Path socket) {
        DaemonLink link = daemons.get(socket);
        if (link != null && link.isOpen()) {
            return link;
        }
        DaemonLink made = DaemonLink.connect(socket);
        daemons.put(socket, made);
        return made;
    }

    /** Closes every daemon connection this process made. */
    public void closeDaemonLinks() {
        daemons.values().forEach(DaemonLink::close);
        daemons.clear();
    }
}
