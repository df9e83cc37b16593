package dev.animus.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.host.NotificationRoute;
import dev.animus.host.NotificationRoute.Claim;
import dev.animus.rpc.Notification;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** How a run claims its notifications (docs/protocol.md#streamed-notifications). */
class NotificationRouteTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static Claim claim(String params) {
        return NotificationRoute.bySession("s1").claim(new Notification("agent/output", JSON.readTree(params)), 7);
    }

    @Test
    void aRunOwnsItsSessionIdOrItsRequestIdAndNoOtherOne() {
        assertEquals(Claim.OWN, claim("{\"session_id\":\"s1\"}"));
        assertEquals(Claim.OWN, claim("{\"id\":7}"));
        assertEquals(Claim.FOREIGN, claim("{\"session_id\":\"s2\"}"));
        assertEquals(Claim.FOREIGN, claim("{\"session_id\":\"s2\",\"id\":7}"));
        assertEquals(Claim.FOREIGN, claim("{\"id\":8}"));
        assertEquals(Claim.SHARED, claim("{\"level\":\"info\"}"));
    }
}
