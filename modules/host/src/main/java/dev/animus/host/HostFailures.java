package dev.animus.host;

import dev.animus.core.HostFailure;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.RpcException;
import java.util.Optional;

/** Translates the wire layer's exceptions into core's failure values at the adapter edge. */
public final class HostFailures {
    private HostFailures() {}

    /** The failure value of {@code e}, an answer to or the loss of a call of {@code method}. */
    public static HostFailure of(RpcException e, String method) {
        return switch (e) {
            case RemoteError r ->
                new HostFailure.Rpc(
                        r.code(),
                        r.message(),
                        Optional.ofNullable(r.data())
                                .filter(d -> !d.isMissingNode())
                                .map(Object::toString));
            case ConnectionLost lost -> lost(lost);
            case RequestTimedOut t -> new HostFailure.Timeout(method, t.timeout());
            case RequestCancelled c -> new HostFailure.Cancelled(method);
        };
    }

    /** The failure value of a lost connection, with its exit code and stderr tail. */
    public static HostFailure.ConnectionLost lost(ConnectionLost lost) {
        return new HostFailure.ConnectionLost(lost.reason(), lost.exitCode(), lost.stderrTail());
    }
}
