package dev.animus.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Every host-side failure of a plugin request, as a value (docs/lifecycle.md#failures-and-retry).
 * {@link #message()} is one line that names what failed and, where there is one, the next step;
 * text that came from a plugin appears in it through {@link OneLine}.
 */
public sealed interface HostFailure {

    /**
     * One line for people: what failed and why. The next step is not in it: {@link #fixes()} gives
     * it as values, which the front end that shows the line renders in its own terms.
     */
    String message();

    /**
     * What the operator does next, in order (empty when there is nothing to do but retry or read
     * the message): reset a disabled plugin, trust, consent, enable, install or update its code.
     * A refusal to run names the whole remaining chain: not trusted is trust, consent and enable
     * for the agent; not consented is consent and enable.
     */
    default List<Fix> fixes() {
        return switch (this) {
            case Disabled d -> List.of(new Fix.Reset(d.plugin()));
            case TooManyRestarts t -> List.of(new Fix.Reset(t.plugin()));
            case NotRegistered n -> List.of(new Fix.Info(n.plugin()));
            case NotTrusted n ->
                List.of(
                        new Fix.Trust(n.plugin()),
                        new Fix.Consent(n.plugin()),
                        new Fix.Enable(n.plugin(), new AgentScope.One(n.agent())));
            case NotConsented n ->
                List.of(new Fix.Consent(n.plugin()), new Fix.Enable(n.plugin(), new AgentScope.One(n.agent())));
            case NotEnabled n -> List.of(new Fix.Enable(n.plugin(), new AgentScope.One(n.agent())));
            case NotInstalled n -> List.of(n.fix());
            case CodeChanged c ->
                c.original()
                        .<List<Fix>>map(o -> List.of(new Fix.Update(c.plugin(), new Fix.Source.At(o))))
                        .orElseGet(() -> List.of(
                                new Fix.Update(c.plugin(), new Fix.Source.AnyFile()), new Fix.Trust(c.plugin())));
            case InterpreterUnusable i -> List.of(new Fix.Trust(i.plugin()));
            case Undisclosed u when u.lifecycle() -> List.of(new Fix.Ping(u.plugin()));
            case Undisclosed u ->
                List.of(new Fix.Update(u.plugin(), new Fix.Source.AnyFile()), new Fix.Consent(u.plugin()));
            case Rpc r -> List.of();
            case ConnectionLost c -> List.of();
            case Timeout t -> List.of();
            case ProcessExited p -> List.of();
            case SpawnFailed s -> List.of();
            case IncompatibleProtocol i -> List.of();
            case NotSupported n -> List.of();
            case Cancelled c -> List.of();
            case ShuttingDown s -> List.of();
            case StateUnreadable s -> s.reason().fixes();
        };
    }

    /** What this failure means for the process and for a retry. */
    default FailureClass classify() {
        return switch (this) {
            // The process answered: it is alive, whatever the code. The range [-32700, -32600] is
            // the protocol's (docs/lifecycle.md#failures-and-retry); application codes (-32000 and
            // up) are answers too.
            case Rpc r -> FailureClass.STRUCTURED_ERROR;
            case Cancelled c -> FailureClass.STRUCTURED_ERROR;
            case NotSupported n -> FailureClass.STRUCTURED_ERROR;
            case ConnectionLost c -> FailureClass.DEATH_LIKE;
            case Timeout t -> FailureClass.DEATH_LIKE;
            case ProcessExited p -> FailureClass.DEATH_LIKE;
            case SpawnFailed s -> FailureClass.REFUSED;
            case IncompatibleProtocol i -> FailureClass.REFUSED;
            case Disabled d -> FailureClass.REFUSED;
            case TooManyRestarts t -> FailureClass.REFUSED;
            case NotRegistered n -> FailureClass.REFUSED;
            case ShuttingDown s -> FailureClass.REFUSED;
            case NotTrusted n -> FailureClass.REFUSED;
            case NotConsented n -> FailureClass.REFUSED;
            case NotEnabled n -> FailureClass.REFUSED;
            case NotInstalled n -> FailureClass.REFUSED;
            case CodeChanged c -> FailureClass.REFUSED;
            case StateUnreadable s -> FailureClass.REFUSED;
            case InterpreterUnusable i -> FailureClass.REFUSED;
            case Undisclosed u -> FailureClass.REFUSED;
        };
    }

    /**
     * The plugin answered the request with a JSON-RPC error; passed to the caller untouched.
     *
     * @param text the plugin's {@code message}, verbatim ({@link #message()} is its printable form)
     */
    record Rpc(int code, String text, Optional<String> dataJson) implements HostFailure {
        public Rpc {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(dataJson, "dataJson");
        }

        @Override
        public String message() {
            return OneLine.of(text);
        }
    }

    /** The connection died with the request in flight (the process exited or closed its output). */
    record ConnectionLost(String message, OptionalInt exitCode, List<String> stderrTail) implements HostFailure {
        public ConnectionLost {
            message = OneLine.of(message);
            Objects.requireNonNull(exitCode, "exitCode");
            stderrTail = List.copyOf(stderrTail);
        }
    }

    /** No answer within the deadline; the process was killed as wedged. */
    record Timeout(String method, Duration after) implements HostFailure {
        public Timeout {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(after, "after");
        }

        @Override
        public String message() {
            return "no answer to " + method + " within " + DurationText.format(after);
        }
    }

    /**
     * The process exited when no request of this caller was in flight (idle, or during launch).
     * The message leaves the stderr tail out; whoever prints it adds the last line once.
     */
    record ProcessExited(OptionalInt exitCode, List<String> stderrTail) implements HostFailure {
        public ProcessExited {
            Objects.requireNonNull(exitCode, "exitCode");
            stderrTail = List.copyOf(stderrTail);
        }

        @Override
        public String message() {
            return "the process exited"
                    + exitCode.stream()
                            .mapToObj(c -> " with code " + c)
                            .findFirst()
                            .orElse("");
        }
    }

    /** The OS refused to start the executable (missing, not executable, bad interpreter, ...). */
    record SpawnFailed(String message) implements HostFailure {
        public SpawnFailed {
            message = OneLine.of(message);
        }
    }

    /** The handshake failed: another protocol major, or an invalid InitializeResult. */
    record IncompatibleProtocol(String message) implements HostFailure {
        public IncompatibleProtocol {
            message = OneLine.of(message);
        }
    }

    /** The plugin does not offer the method. */
    record NotSupported(String plugin, String method) implements HostFailure {
        public NotSupported {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(method, "method");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " does not offer " + method;
        }
    }

    /** The caller cancelled the request. */
    record Cancelled(String method) implements HostFailure {
        public Cancelled {
            Objects.requireNonNull(method, "method");
        }

        @Override
        public String message() {
            return method + " was cancelled";
        }
    }

    /** The plugin crash-looped and is disabled; requests fail fast. */
    record Disabled(String plugin, Instant since, String reason) implements HostFailure {
        public Disabled {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(since, "since");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is disabled since " + since + ": " + reason;
        }
    }

    /** A retry was wanted but the crash that caused it reached the threshold. */
    record TooManyRestarts(String plugin, int crashes, Duration window, HostFailure last) implements HostFailure {
        public TooManyRestarts {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(window, "window");
            Objects.requireNonNull(last, "last");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " crashed " + Plural.of(crashes, "time") + " within "
                    + DurationText.format(window) + " and is now disabled; last: " + last.message();
        }
    }

    /** The plugin has no validated manifest yet. */
    record NotRegistered(String plugin) implements HostFailure {
        public NotRegistered {
            Objects.requireNonNull(plugin, "plugin");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " has no validated manifest";
        }
    }

    /** The host is closing and takes no more requests. */
    record ShuttingDown(String plugin) implements HostFailure {
        public ShuttingDown {
            Objects.requireNonNull(plugin, "plugin");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is shutting down with the host";
        }
    }

    /** The plugin's code digest is not trusted; {@code agent} asked to run it. */
    record NotTrusted(String plugin, String agent) implements HostFailure {
        public NotTrusted {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(agent, "agent");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is not trusted";
        }
    }

    /** The plugin's disclosure is not consented to; {@code agent} asked to run it. */
    record NotConsented(String plugin, String agent) implements HostFailure {
        public NotConsented {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(agent, "agent");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is not consented";
        }
    }

    /** The plugin is not enabled for the requesting agent. */
    record NotEnabled(String plugin, String agent) implements HostFailure {
        public NotEnabled {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(agent, "agent");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is not enabled for agent " + agent;
        }
    }

    /** Nothing is installed under that name: only installed code runs; {@code fix} installs it. */
    record NotInstalled(String plugin, Fix fix) implements HostFailure {
        public NotInstalled {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(fix, "fix");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " is not installed";
        }
    }

    /**
     * The stored code is not what the operator trusted
     * (docs/security.md#the-digest-addressed-store: the digest is verified immediately before every
     * launch).
     *
     * @param actual the digest found now, or why none could be computed
     * @param original the file the code was installed from, when its bytes still have the digest
     *     {@code expected}: updating from it restores the stored copy, and the trust, consent and
     *     enablement of those bytes hold again; empty when there is no such file (then a file with
     *     the trusted bytes restores it, and other bytes need trust, consent and enablement anew)
     */
    record CodeChanged(String plugin, String expected, String actual, Optional<String> original)
            implements HostFailure {
        public CodeChanged {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(expected, "expected");
            Objects.requireNonNull(actual, "actual");
            Objects.requireNonNull(original, "original");
        }

        /** Code that changed with no original file known to hold the trusted bytes. */
        public CodeChanged(String plugin, String expected, String actual) {
            this(plugin, expected, actual, Optional.empty());
        }

        @Override
        public String message() {
            return "plugin " + plugin + ": the stored code changed since it was trusted (expected sha256 " + expected
                    + ", found " + OneLine.of(actual) + ")";
        }
    }

    /** The state document cannot be read (corrupt, unknown schema, or its lock was not free in time). */
    record StateUnreadable(Guidance reason) implements HostFailure {
        public StateUnreadable {
            Objects.requireNonNull(reason, "reason");
        }

        /** A reason that names no fix. */
        public StateUnreadable(String reason) {
            this(Guidance.text(reason));
        }

        /** The reason, its fixes shown as values ({@link #fixes()} has them for a front end to render). */
        @Override
        public String message() {
            return OneLine.of(reason.toString());
        }
    }

    /**
     * A script's recorded interpreter cannot be used: it was never recorded (trusted before
     * interpreters were), or it is gone or no longer executable.
     */
    record InterpreterUnusable(String plugin, String reason) implements HostFailure {
        public InterpreterUnusable {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String message() {
            return "plugin " + plugin + " cannot run: " + OneLine.of(reason);
        }
    }

    /**
     * A caller asked for a method the plugin's consented disclosure does not list, or for one of
     * the protocol's lifecycle methods, which the host sends itself: nothing was sent, nothing
     * started. The operator consented to the methods of the manifest they were shown
     * (docs/security.md#the-digest-addressed-store).
     *
     * @param method as the caller gave it ({@link #message()} prints it through {@link OneLine})
     * @param lifecycle whether it is a lifecycle method ({@code initialize}, {@code shutdown}, ...)
     */
    record Undisclosed(String plugin, String method, boolean lifecycle) implements HostFailure {
        public Undisclosed {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(method, "method");
        }

        @Override
        public String message() {
            String shown = OneLine.of(method);
            if (lifecycle) {
                return "plugin " + plugin + ": " + shown + " belongs to the protocol's lifecycle, which the host"
                        + " drives itself; it is never forwarded";
            }
            return "plugin " + plugin + " did not disclose the method " + shown + ", so it was not sent: only the"
                    + " methods its consented manifest declares are";
        }
    }
}
