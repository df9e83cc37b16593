package dev.animus.host;

import dev.animus.rpc.Notification;
import tools.jackson.databind.JsonNode;

/**
 * Which of a plugin's notifications belong to one request while it runs (docs/protocol.md#streaming):
 * the request's own ones (its streamed output: forwarded, and once one was the request is never
 * retried), shared ones (forwarded, not the request's output: {@code log/entry}), and foreign ones
 * (another request's: dropped). Asked on the one thread that forwards, in arrival order.
 */
@FunctionalInterface
public interface NotificationRoute {

    /** Where one notification goes. */
    enum Claim {
        OWN,
        SHARED,
        FOREIGN
    }

    /**
     * @param requestId the JSON-RPC id the request was sent with
     */
    Claim claim(Notification notification, long requestId);

    /**
     * The base protocol's rule: {@code params.id} equal to the request id is the request's own, a
     * notification without {@code params.id} is shared, any other id is foreign.
     */
    static NotificationRoute byRequestId() {
        return (n, requestId) -> {
            JsonNode id = n.params().path("id");
            if (id.isMissingNode()) {
                return Claim.SHARED;
            }
            return id.isIntegralNumber() && id.asLong() == requestId ? Claim.OWN : Claim.FOREIGN;
        };
    }

    /**
     * A session's rule (providers, docs/protocol.md#providers): {@code params.session_id} equal to
     * {@code sessionId}, or {@code params.id} equal to the request id, is the request's own; another
     * session id or request id is foreign; neither is shared.
     */
    static NotificationRoute bySession(String sessionId) {
        NotificationRoute byId = byRequestId();
        return (n, requestId) -> {
            JsonNode session = n.params().path("session_id");
            if (session.isString()) {
                return session.asString().equals(sessionId) ? Claim.OWN : Claim.FOREIGN;
            }
            return byId.claim(n, requestId);
        };
    }
}
