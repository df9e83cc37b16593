package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RpcOptionsTest {
    @Test
    void defaultsFollowTheProtocol() {
        RpcOptions options = RpcOptions.defaults("plugin-x");
        assertEquals(16 * 1024 * 1024, options.maxFrameBytes());
        assertEquals(Duration.ofSeconds(30), options.writeTimeout());
        assertEquals("plugin-x closed its stdout", options.endOfStream().get().getMessage());
    }

    @Test
    void theBroadcastCapacityComesFromTheEnvironmentWhenItIsAPositiveInteger() {
        assertEquals(1024, RpcOptions.capacityFrom(" 1024 "));
        assertEquals(256, RpcOptions.capacityFrom(null));
        assertEquals(256, RpcOptions.capacityFrom("0"));
        assertEquals(256, RpcOptions.capacityFrom("lots"));
    }

    @Test
    void withersReplaceOneField() {
        RpcOptions options =
                RpcOptions.defaults("p").withWriteTimeout(Duration.ofMillis(5)).withBroadcastCapacity(3);
        assertEquals(Duration.ofMillis(5), options.writeTimeout());
        assertEquals(3, options.broadcastCapacity());
        assertEquals("p", options.peerName());
    }

    @Test
    void nonsenseIsRefused() {
        RpcOptions options = RpcOptions.defaults("p");
        assertThrows(IllegalArgumentException.class, () -> options.withMaxFrameBytes(0));
        assertThrows(IllegalArgumentException.class, () -> options.withWriteTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> options.withPeerName(" "));
    }
}
