package dev.animus.shell;

import dev.animus.core.DurationText;
import dev.animus.core.ErrorCodes;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.RpcException;
import dev.animus.runtime.LaunchFailed;

/** Turns what went wrong into one line for the user and the exit code of cli.md. */
final class Failures {
    private Failures() {}

    /** The user-facing failure for {@code e}, raised while {@code plugin} ran {@code method}. */
    static CommandFailed of(RuntimeException e, String plugin, String method) {
        return switch (e) {
            case CommandFailed f -> f;
            case RpcException rpc -> ofRpc(rpc, plugin, method);
            case LaunchFailed f -> new CommandFailed(ExitCodes.FAILED, f.getMessage());
            default -> throw e;
        };
    }

    private static CommandFailed ofRpc(RpcException e, String plugin, String method) {
        return switch (e) {
            case RemoteError r -> new CommandFailed(ExitCodes.FAILED, "plugin " + plugin + " answered " + method
                    + " with error " + r.code() + " (" + ErrorCodes.nameOf(r.code()) + "): " + r.message());
            case ConnectionLost lost -> new CommandFailed(ExitCodes.FAILED, lostMessage(lost, method));
            case RequestTimedOut t -> new CommandFailed(ExitCodes.TIMEOUT, "plugin " + plugin
                    + " did not answer " + method + " within " + DurationText.format(t.timeout())
                    + "; it was stopped (raise --timeout if the method is slow)");
            case RequestCancelled c -> new CommandFailed(ExitCodes.INTERRUPTED, method + " was cancelled");
        };
    }

    private static String lostMessage(ConnectionLost lost, String method) {
        StringBuilder b = new StringBuilder(lost.reason()).append(" during ").append(method);
        if (!lost.stderrTail().isEmpty()) {
            b.append("; last stderr: ").append(lost.stderrTail().getLast());
        }
        return b.toString();
    }
}
