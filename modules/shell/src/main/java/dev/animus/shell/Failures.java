package dev.animus.shell;

import dev.animus.core.DurationText;
import dev.animus.core.ErrorCodes;
import dev.animus.core.HostFailure;
import dev.animus.runtime.FailureText;
import dev.animus.runtime.PluginCallFailed;

/** Turns what went wrong into one line for the user and the exit code of cli.md. */
final class Failures {
    private Failures() {}

    /** The user-facing failure for {@code e}. */
    static CommandFailed of(RuntimeException e) {
        return switch (e) {
            case CommandFailed f -> f;
            case PluginCallFailed p -> of(p.failure(), p.plugin(), p.method());
            default -> throw e;
        };
    }

    static CommandFailed of(HostFailure failure, String plugin, String method) {
        return switch (failure) {
            case HostFailure.Rpc r -> new CommandFailed(ExitCodes.FAILED, "plugin " + plugin + " answered " + method
                    + " with error " + r.code() + " (" + ErrorCodes.nameOf(r.code()) + "): " + r.message());
            case HostFailure.ConnectionLost lost -> new CommandFailed(ExitCodes.FAILED,
                    lost.message() + " during " + method + FailureText.stderrSuffix(failure));
            case HostFailure.Timeout t -> timeout(t, plugin);
            case HostFailure.ProcessExited p -> new CommandFailed(ExitCodes.FAILED,
                    "plugin " + plugin + " failed the handshake: " + p.message() + FailureText.stderrSuffix(failure));
            case HostFailure.IncompatibleProtocol i -> new CommandFailed(ExitCodes.FAILED,
                    "plugin " + plugin + " failed the handshake: " + i.message());
            case HostFailure.SpawnFailed s -> new CommandFailed(ExitCodes.FAILED, s.message());
            case HostFailure.Cancelled c -> new CommandFailed(ExitCodes.INTERRUPTED, c.message());
            case HostFailure.TooManyRestarts t -> new CommandFailed(ExitCodes.FAILED, t.message());
            case HostFailure.NotSupported n -> new CommandFailed(ExitCodes.FAILED, n.message());
            case HostFailure.Disabled d -> new CommandFailed(ExitCodes.FAILED, d.message());
            case HostFailure.ShuttingDown s -> new CommandFailed(ExitCodes.FAILED, s.message());
            case HostFailure.NotRegistered n -> new CommandFailed(ExitCodes.USAGE, n.message());
            case HostFailure.NotTrusted n -> new CommandFailed(ExitCodes.USAGE, n.message());
            case HostFailure.NotConsented n -> new CommandFailed(ExitCodes.USAGE, n.message());
            case HostFailure.NotEnabled n -> new CommandFailed(ExitCodes.USAGE, n.message());
            case HostFailure.NotInstalled n -> new CommandFailed(ExitCodes.USAGE, n.message());
            case HostFailure.CodeChanged c -> new CommandFailed(ExitCodes.VERIFICATION_FAILED, c.message());
            case HostFailure.StateUnreadable s -> new CommandFailed(ExitCodes.FAILED, s.message());
        };
    }

    private static CommandFailed timeout(HostFailure.Timeout t, String plugin) {
        if (t.method().equals("initialize")) {
            return new CommandFailed(ExitCodes.TIMEOUT, "plugin " + plugin + " failed the handshake: "
                    + t.message() + " (raise --launch-timeout if it starts slowly)");
        }
        return new CommandFailed(ExitCodes.TIMEOUT, "plugin " + plugin + " did not answer " + t.method()
                + " within " + DurationText.format(t.after()) + "; it was stopped (raise --timeout if the method is slow)");
    }
}
