package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** transport/shutdown stops the server: the port is free, open event streams end, the process exits. */
class ShutdownTest {
    @Test
    void transportShutdownEndsTheEventStreamsAndFreesThePort(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("c.sock");
        try (ControlPeer peer = new ControlPeer(socket);
                PluginProcess plugin = PluginProcess.ready(dir, Map.of())) {
            JsonNode started =
                    plugin.result("transport/start", HttpTransportTest.startParams(socket, dir, "localhost:0"));
            int port = Integer.parseInt(started.get("bound_addr").asString().split(":")[1]);
            peer.awaitFollower("daemon/events");
            Map<String, String> h = Http.host(port);
            h.put("Authorization", "Bearer " + HttpTransportTest.TOKEN);
            try (EventStream browser = new EventStream(port, h)) {
                browser.expectRetry();

                assertEquals(PluginProcess.object("{}"), plugin.result("transport/shutdown", "{}"));

                assertEquals("<end>", browser.nextEvent().type(), "the event stream ended");
            }
            assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close());
            assertEquals(PluginProcess.object("{}"), plugin.result("transport/shutdown", "{}"), "idempotent");
            assertEquals(
                    -32600, plugin.error("transport/info", "{}").get("code").asInt(), "not started any more");
            plugin.result("shutdown", "{}");
            plugin.send("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
            assertTrue(plugin.endsWithin(30), "the process exits; stderr: " + plugin.stderr());
        }
    }
}
