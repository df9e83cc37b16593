package dev.animus.subjects;

import dev.animus.core.HostFailure;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.Supervisor;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * One backend's part of a watch: its own {@code subject/watch} stream, or the host's polling
 * when it answered -32001 (docs/protocol.md#subjects).
 */
sealed interface BackendWatch permits StreamedWatch, PolledWatch {
    /** The JSON-RPC code of "not supported" (docs/protocol.md#error-codes). */
    int NOT_SUPPORTED = -32001;

    boolean polled();

    /** Unwatches (best effort) or stops polling; idempotent. */
    void close();

    static BackendWatch start(
            SubjectCalls calls,
            SubjectRoute route,
            boolean kindGiven,
            SubjectFilter filter,
            Consumer<SubjectChange> sink,
            Polling polling,
            SubjectWatching owner) {
        SubjectFilter scoped = (kindGiven
                        ? filter.withKinds(java.util.List.of(route.kind()))
                        : filter.withKinds(java.util.List.of()))
                .withCursor(Optional.empty())
                .withoutLimit();
        ObjectNode params = SubjectCalls.object();
        if (kindGiven) {
            params.put("kind", route.kind());
        }
        params.set("filter", scoped.toJson());
        Supervisor supervisor = calls.supervisor(route);
        // taken before the request: the idle timer cannot end the process between answer and hold
        Supervisor.Hold hold = supervisor.hold();
        try {
            Supervisor.KeptStream kept =
                    supervisor.callKeeping("subject/watch", route.outbound(params), calls.options());
            return StreamedWatch.start(supervisor, route, kept, hold, sink, owner);
        } catch (PluginCallFailed e) {
            hold.close();
            if (e.failure() instanceof HostFailure.Rpc r && r.code() == NOT_SUPPORTED) {
                return PolledWatch.start(calls, route, scoped, sink, polling, owner);
            }
            throw e;
        } catch (RuntimeException e) {
            hold.close();
            throw e;
        }
    }
}
