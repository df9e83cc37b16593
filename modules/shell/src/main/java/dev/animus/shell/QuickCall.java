package dev.animus.shell;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonScope;
import dev.animus.host.LaunchFailed;
import dev.animus.host.PluginCallFailed;
import dev.animus.runtime.JsonInput;
import dev.animus.runtime.Settings;
import dev.animus.shell.dev.CallArgs;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.dev.JsonAsParams;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.databind.JsonNode;

/**
 * {@code animus plugin call <name> <method>} through a running daemon without building the command
 * tree or this process's plugin host (docs/daemon.md#the-cli-uses-a-running-daemon): one
 * {@code plugin/call} on a connection of its own, its result or failure printed as the command
 * prints them. Only the plain form is taken — inline {@code --params JSON}, {@code --timeout},
 * {@code --agent}, {@code --project-root}, {@code -q}, {@code --json} — and only when the project's daemon runs;
 * anything else (another option, a malformed value, no daemon, a broken config.toml) is left to the
 * command itself, before anything was sent. A failure that happened before the plugin was called
 * (not installed, not allowed, a missing secret, a method the plugin does not have) is also left to
 * the command, which asks again and words it with its hints; a failure of the call itself is
 * printed here, the same line and exit code.
 */
final class QuickCall {
    private QuickCall() {}

    /** The words of one plain {@code plugin call}, read without picocli. */
    record Line(
            String name,
            String method,
            String params,
            Optional<String> timeout,
            Optional<String> agent,
            Optional<Path> projectRoot,
            boolean json) {}

    /**
     * Runs {@code words} when it is a plain {@code plugin call} and the project's daemon runs; the
     * exit code, or empty when the command must run the usual way.
     */
    static OptionalInt run(
            List<String> words, Map<String, String> env, Optional<Settings> settings, Terminal terminal) {
        Optional<Line> line = parse(words);
        if (line.isEmpty()
                || settings.isEmpty()
                || settings.get().problem().isPresent()
                || !env.getOrDefault("ANIMUS_LOG", "").isEmpty()) {
            return OptionalInt.empty(); // the command warns about config.toml, or logs what it does
        }
        Line l = line.get();
        JsonNode params;
        Optional<Duration> timeout;
        Path socket;
        try {
            params = JsonInput.parse(l.params());
            timeout = l.timeout().map(t -> DevCommand.duration(t, "--timeout"));
            // the socket alone: a running daemon listens there (a stale one refuses the connection,
            // and then nothing is sent); its lock and info file are the command's to read
            socket = DaemonScope.of(env, l.projectRoot(), Path.of("").toAbsolutePath())
                    .socket();
        } catch (RuntimeException e) { // bad JSON or duration, no home, a project root that is no directory
            return OptionalInt.empty(); // the command says what is wrong, in its words
        }
        if (params == null || !(params.isObject() || params.isArray())) {
            return OptionalInt.empty();
        }
        String agent = l.agent().orElseGet(() -> settings.get().agent());
        Optional<JsonNode> result;
        long t0 = System.nanoTime();
        try {
            result = DaemonLink.callPluginOnce(socket, l.name(), agent, l.method(), params, timeout);
        } catch (PluginCallFailed | LaunchFailed e) {
            if (e instanceof PluginCallFailed p && CallArgs.unknownMethod(p)) {
                return OptionalInt.empty(); // nothing ran; the command adds "did you mean"
            }
            return OptionalInt.of(report(e, l, env, terminal));
        } catch (DaemonFailure e) {
            if (e.reason() != DaemonFailure.Reason.UNREACHABLE) {
                return OptionalInt.empty(); // refused before the plugin was called: the command asks again
            }
            return OptionalInt.of(report(e, l, env, terminal)); // the daemon went away mid-call
        } catch (RuntimeException e) { // refused at the gate, a requirement missing: nothing ran
            return OptionalInt.empty();
        }
        if (result.isEmpty()) {
            return OptionalInt.empty(); // no connection: nothing was sent; the command warns and runs here
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
        if (!l.json()) {
            terminal.printJson(result.get());
            return OptionalInt.of(ExitCodes.OK);
        }
        String plugin;
        try {
            plugin = DaemonLink.pluginNameOnce(socket, l.name(), agent);
        } catch (DaemonFailure e) {
            return OptionalInt.of(report(e, l, env, terminal));
        }
        CallArgs.printEnvelope(terminal, "plugin.call", plugin, l.method(), elapsed, result.get());
        return OptionalInt.of(ExitCodes.OK);
    }

    /** The failure as the command's exception handler reports it (its line, with --json its document); its exit code. */
    private static int report(RuntimeException e, Line l, Map<String, String> env, Terminal terminal) {
        CommandFailed f = e instanceof LaunchFailed ? Failures.ofException(e) : Failures.of(e);
        return Main.report(
                f.withMessage(f.getMessage() + UsageErrors.pluginNameHint(l.name(), f.getMessage(), env)),
                l.json(),
                terminal);
    }

    /**
     * {@code words} as a plain {@code plugin call}: global options before or after {@code plugin},
     * then {@code call <name> <method>} with {@code --params}, {@code --timeout} and the global
     * options in any order, each at most once; empty for anything else.
     */
    static Optional<Line> parse(List<String> words) {
        String name = null;
        String method = null;
        String params = null;
        String timeout = null;
        String agent = null;
        String root = null;
        boolean quiet = false;
        boolean json = false;
        int stage = 0; // 0: before "plugin", 1: before "call", 2: after "call"
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String option = w.startsWith("--") && w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            boolean inline = !option.equals(w);
            String value = inline ? w.substring(option.length() + 1) : i + 1 < words.size() ? words.get(i + 1) : null;
            switch (option) {
                case "--json" -> {
                    if (inline || json || (value != null && JsonAsParams.looksLikeParams(value))) {
                        return Optional.empty(); // '--json JSON' gives the params: the command's to read
                    }
                    json = true;
                    continue;
                }
                case "-q", "--quiet" -> {
                    if (inline || quiet) {
                        return Optional.empty(); // given twice: the command's usage error
                    }
                    quiet = true;
                    continue;
                }
                case "--agent", "--project-root" -> {}
                case "--params", "--timeout" -> {
                    if (stage != 2) {
                        return Optional.empty();
                    }
                }
                default -> {
                    if (w.startsWith("-")) {
                        return Optional.empty(); // --json, -v, --no-daemon, --help, --, …: the command's
                    }
                    switch (stage) {
                        case 0 -> {
                            if (!w.equals("plugin")) {
                                return Optional.empty();
                            }
                            stage = 1;
                        }
                        case 1 -> {
                            if (!w.equals("call")) {
                                return Optional.empty();
                            }
                            stage = 2;
                        }
                        default -> {
                            if (name == null) {
                                name = w;
                            } else if (method == null) {
                                method = w;
                            } else {
                                return Optional.empty(); // one word too many: the command's usage error
                            }
                        }
                    }
                    continue;
                }
            }
            // an option with a value
            if (value == null || value.startsWith("-") || (option.equals("--params") && value.startsWith("@"))) {
                return Optional.empty(); // --params - and @FILE are read by the command
            }
            if (!inline) {
                i++;
            }
            switch (option) {
                case "--agent" -> {
                    if (agent != null) {
                        return Optional.empty();
                    }
                    agent = value;
                }
                case "--project-root" -> {
                    if (root != null) {
                        return Optional.empty();
                    }
                    root = value;
                }
                case "--params" -> {
                    if (params != null) {
                        return Optional.empty();
                    }
                    params = value;
                }
                default -> {
                    if (timeout != null) {
                        return Optional.empty();
                    }
                    timeout = value;
                }
            }
        }
        if (stage != 2 || name == null || method == null) {
            return Optional.empty();
        }
        Optional<Path> projectRoot;
        try {
            projectRoot = Optional.ofNullable(root).map(Path::of);
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        return Optional.of(new Line(
                name,
                method,
                params == null ? "{}" : params,
                Optional.ofNullable(timeout),
                Optional.ofNullable(agent),
                projectRoot,
                json));
    }
}
