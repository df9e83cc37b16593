package dev.animus.shell.render;

import dev.animus.core.CoreFailure;
import dev.animus.core.DurationText;
import dev.animus.core.ErrorCodes;
import dev.animus.core.HostFailure;
import dev.animus.core.InstallationRefused;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.SecretStoreFailed;
import dev.animus.core.Shebang;
import dev.animus.daemon.DaemonFailure;
import dev.animus.host.LaunchFailed;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.SupervisionFailure;
import dev.animus.install.InstallFailed;
import dev.animus.install.InstallationFailure;
import dev.animus.install.LaunchRefused;
import dev.animus.providers.CancelNotSupported;
import dev.animus.providers.NoActiveSession;
import dev.animus.providers.ProviderFailure;
import dev.animus.providers.ProviderMissing;
import dev.animus.providers.RunFailed;
import dev.animus.router.NoSubjectBackend;
import dev.animus.router.RouterConflict;
import dev.animus.router.RoutingFailure;
import dev.animus.runtime.AdapterFailures;
import dev.animus.runtime.Animus;
import dev.animus.runtime.FailureReport;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.subjects.SubjectInvalid;
import java.util.Locale;

/** Turns what went wrong into one line for the user and the exit code of docs/cli.md#exit-codes. */
public final class Failures {
    private Failures() {}

    /** The user-facing failure for {@code e}. */
    public static CommandFailed of(RuntimeException e) {
        return switch (e) {
            case CommandFailed f -> f;
            case PluginCallFailed p -> of(p);
            case DaemonFailure d -> of(d);
            default -> throw e;
        };
    }

    /**
     * The user-facing failure for what the installation lifecycle, the stores and the launch gate
     * throw. Every failure family is switched over exhaustively; only a throwable of no family (a
     * bug) is returned as an internal error line.
     */
    public static CommandFailed ofException(Throwable e) {
        return switch (e) {
            case CommandFailed f -> f;
            case CoreFailure c -> of(c);
            case SupervisionFailure s -> of(s);
            case InstallationFailure i -> of(i);
            case DaemonFailure d -> of(d);
            case ProviderFailure p -> of(p);
            case RoutingFailure r -> of(r);
            case SubjectInvalid s -> new CommandFailed(ExitCodes.FAILED, "subject_invalid", s.getMessage());
            default -> AdapterFailures.report(e).map(Failures::of).orElseGet(() -> internal(e));
        };
    }

    /** A refusal of the daemon's files or of the daemon itself (docs/daemon.md). */
    public static CommandFailed of(DaemonFailure d) {
        int exit = switch (d.reason()) {
            case PROJECT_ROOT, RUN_DIRECTORY, SOCKET_PATH_TOO_LONG, UNIT, NOT_RUNNING -> ExitCodes.USAGE;
            case ALREADY_RUNNING, FILES, UNREACHABLE, REFUSED, START_FAILED -> ExitCodes.FAILED;
        };
        String code = "daemon_" + d.reason().name().toLowerCase(Locale.ROOT);
        String line = d.getMessage() + d.fix().map(f -> " (" + f + ")").orElse("");
        return new CommandFailed(exit, code, line);
    }

    /**
     * What the subject router refuses (docs/protocol.md#routing): a kind nothing serves, or two
     * backends claiming one pattern; both are the operator's to change (exit 2).
     */
    public static CommandFailed of(RoutingFailure failure) {
        return switch (failure) {
            case NoSubjectBackend n -> new CommandFailed(ExitCodes.USAGE, "no_subject_backend", n.getMessage());
            case RouterConflict c -> new CommandFailed(ExitCodes.USAGE, "router_conflict", c.getMessage());
        };
    }

    /** A provider session's failure (docs/protocol.md#providers). */
    public static CommandFailed of(ProviderFailure failure) {
        return switch (failure) {
            case ProviderMissing m ->
                new CommandFailed(
                                ExitCodes.USAGE,
                                m.code(),
                                m.getMessage() + " (never another provider instead)"
                                        + FixText.commandOf(m.fixes())
                                                .map(c -> "; to install it: " + c)
                                                .orElse(""))
                        .withFix(FixText.commandOf(m.fixes()))
                        .withPlugin(m.provider());
            case RunFailed r -> of(r.failure(), r.provider(), "agent/run");
            case NoActiveSession n -> new CommandFailed(ExitCodes.FAILED, n.code(), n.getMessage());
            case CancelNotSupported c ->
                new CommandFailed(ExitCodes.FAILED, c.code(), c.getMessage()).withPlugin(c.provider());
        };
    }

    private static CommandFailed internal(Throwable e) {
        // a bug: the exception's class and message are Java's, for the debug log, never this line
        return new CommandFailed(
                ExitCodes.FAILED,
                "internal_error",
                "internal error: an unexpected failure in animus (rerun with ANIMUS_LOG=debug for details, and report"
                        + " it)");
    }

    private static CommandFailed of(CoreFailure failure) {
        return switch (failure) {
            case InstallationRefused r ->
                new CommandFailed(
                                switch (r.reason()) {
                                    case CHANGED_SINCE_SHOWN, HOOK_CONFLICT -> ExitCodes.FAILED;
                                    case NOT_INSTALLED,
                                            ALREADY_INSTALLED,
                                            NO_PREVIOUS,
                                            NOT_TRUSTED,
                                            NO_MANIFEST,
                                            NOT_CONSENTED,
                                            NOT_ENABLED -> ExitCodes.USAGE;
                                },
                                r.reason().name().toLowerCase(Locale.ROOT),
                                FixText.line(r))
                        .withFix(FixText.commandOf(r.fixes()))
                        .withPlugin(r.plugin());
            case SecretStoreFailed s -> new CommandFailed(ExitCodes.FAILED, "secret_store_failed", s.getMessage());
            case ManifestInvalid m -> new CommandFailed(ExitCodes.FAILED, "manifest_invalid", m.getMessage());
            case Shebang.Invalid i -> new CommandFailed(ExitCodes.FAILED, "shebang_invalid", i.getMessage());
        };
    }

    private static CommandFailed of(SupervisionFailure failure) {
        return switch (failure) {
            case PluginCallFailed p -> of(p);
            case LaunchFailed l -> of(l.failure(), l.plugin(), "initialize");
        };
    }

    private static CommandFailed of(InstallationFailure failure) {
        return switch (failure) {
            case LaunchRefused r -> of(r.failure(), "", "launch");
            case InstallFailed f ->
                new CommandFailed(
                                switch (f.kind()) {
                                    case USAGE -> ExitCodes.USAGE;
                                    case VERIFICATION -> ExitCodes.VERIFICATION_FAILED;
                                    case FAILED -> ExitCodes.FAILED;
                                },
                                switch (f.kind()) {
                                    case USAGE -> "install_refused";
                                    case VERIFICATION -> "install_verification_failed";
                                    case FAILED -> "install_failed";
                                },
                                FixText.render(f.guidance()))
                        .withFix(FixText.commandOf(f.guidance().fixes()));
        };
    }

    private static CommandFailed of(FailureReport report) {
        int code = switch (report.category()) {
            case USAGE -> ExitCodes.USAGE;
            case VERIFICATION -> ExitCodes.VERIFICATION_FAILED;
            case TIMEOUT -> ExitCodes.TIMEOUT;
            case INTERRUPTED -> ExitCodes.INTERRUPTED;
            case FAILED -> ExitCodes.FAILED;
        };
        return new CommandFailed(code, report.code(), FixText.render(report.line()))
                .withFix(FixText.commandOf(report.line().fixes()));
    }

    /** A failed request; a timeout that struck while the request was still being written says so. */
    public static CommandFailed of(PluginCallFailed p) {
        if (p.failure() instanceof HostFailure.Timeout t && !p.requestWritten()) {
            return new CommandFailed(
                            ExitCodes.TIMEOUT,
                            "request_not_read",
                            "plugin " + p.plugin() + " did not read the request "
                                    + p.method() + " within " + DurationText.format(t.after())
                                    + " (it stopped reading its input); it was stopped (raise --timeout if the params are"
                                    + " large)")
                    .withPlugin(p.plugin());
        }
        return of(p.failure(), p.plugin(), p.method());
    }

    public static CommandFailed of(HostFailure failure, String plugin, String method) {
        return line(failure, plugin, method)
                .withFix(FixText.command(failure))
                .withPlugin(plugin.isEmpty() ? pluginOf(failure) : plugin);
    }

    private static CommandFailed line(HostFailure failure, String plugin, String method) {
        return switch (failure) {
            case HostFailure.Rpc r ->
                new CommandFailed(
                        ExitCodes.FAILED,
                        "plugin_rpc_error",
                        "plugin " + plugin + " answered " + method + " with error " + r.code() + " ("
                                + ErrorCodes.nameOf(r.code()) + "): " + r.message());
            case HostFailure.ConnectionLost lost ->
                new CommandFailed(
                        ExitCodes.FAILED,
                        "connection_lost",
                        lost.message() + " during " + method + Animus.stderrSuffix(failure));
            case HostFailure.Timeout t -> timeout(t, plugin);
            case HostFailure.ProcessExited p ->
                new CommandFailed(
                        ExitCodes.FAILED,
                        "process_exited",
                        "plugin " + plugin + " failed the handshake: " + p.message() + Animus.stderrSuffix(failure));
            case HostFailure.IncompatibleProtocol i ->
                new CommandFailed(
                        ExitCodes.FAILED,
                        "incompatible_protocol",
                        "plugin " + plugin + " failed the handshake: " + i.message());
            case HostFailure.SpawnFailed s -> new CommandFailed(ExitCodes.FAILED, "spawn_failed", s.message());
            case HostFailure.Cancelled c -> new CommandFailed(ExitCodes.INTERRUPTED, "cancelled", c.message());
            case HostFailure.TooManyRestarts t ->
                new CommandFailed(ExitCodes.FAILED, "too_many_restarts", FixText.line(t));
            case HostFailure.NotSupported n -> new CommandFailed(ExitCodes.FAILED, "not_supported", n.message());
            case HostFailure.Disabled d -> new CommandFailed(ExitCodes.FAILED, "disabled", FixText.line(d));
            case HostFailure.ShuttingDown s -> new CommandFailed(ExitCodes.FAILED, "shutting_down", s.message());
            case HostFailure.NotRegistered n -> new CommandFailed(ExitCodes.USAGE, "not_registered", FixText.line(n));
            case HostFailure.NotTrusted n -> new CommandFailed(ExitCodes.USAGE, "not_trusted", FixText.line(n));
            case HostFailure.NotConsented n -> new CommandFailed(ExitCodes.USAGE, "not_consented", FixText.line(n));
            case HostFailure.NotEnabled n -> new CommandFailed(ExitCodes.USAGE, "not_enabled", FixText.line(n));
            case HostFailure.NotInstalled n -> new CommandFailed(ExitCodes.USAGE, "not_installed", FixText.line(n));
            case HostFailure.CodeChanged c ->
                new CommandFailed(ExitCodes.VERIFICATION_FAILED, "code_changed", FixText.line(c));
            case HostFailure.StateUnreadable s ->
                new CommandFailed(ExitCodes.FAILED, "state_unreadable", FixText.line(s));
            case HostFailure.InterpreterUnusable i ->
                new CommandFailed(ExitCodes.USAGE, "interpreter_unusable", FixText.line(i));
            case HostFailure.Undisclosed u -> new CommandFailed(ExitCodes.USAGE, "undisclosed", FixText.line(u));
        };
    }

    /** The plugin a failure names itself, for a caller that did not know it (empty: none). */
    private static String pluginOf(HostFailure failure) {
        return switch (failure) {
            case HostFailure.NotSupported n -> n.plugin();
            case HostFailure.Disabled d -> d.plugin();
            case HostFailure.TooManyRestarts t -> t.plugin();
            case HostFailure.NotRegistered n -> n.plugin();
            case HostFailure.ShuttingDown s -> s.plugin();
            case HostFailure.NotTrusted n -> n.plugin();
            case HostFailure.NotConsented n -> n.plugin();
            case HostFailure.NotEnabled n -> n.plugin();
            case HostFailure.NotInstalled n -> n.plugin();
            case HostFailure.CodeChanged c -> c.plugin();
            case HostFailure.InterpreterUnusable i -> i.plugin();
            case HostFailure.Undisclosed u -> u.plugin();
            case HostFailure.Rpc r -> "";
            case HostFailure.ConnectionLost c -> "";
            case HostFailure.Timeout t -> "";
            case HostFailure.ProcessExited p -> "";
            case HostFailure.SpawnFailed s -> "";
            case HostFailure.IncompatibleProtocol i -> "";
            case HostFailure.Cancelled c -> "";
            case HostFailure.StateUnreadable s -> "";
        };
    }

    private static CommandFailed timeout(HostFailure.Timeout t, String plugin) {
        if (t.method().equals("initialize")) {
            return new CommandFailed(
                    ExitCodes.TIMEOUT,
                    "timeout",
                    "plugin " + plugin + " failed the handshake: " + t.message()
                            + " (raise --launch-timeout if it starts slowly)");
        }
        return new CommandFailed(
                ExitCodes.TIMEOUT,
                "timeout",
                "plugin " + plugin + " did not answer " + t.method() + " within " + DurationText.format(t.after())
                        + "; it was stopped (raise --timeout if the method is slow)");
    }
}
