package dev.animus.plugins.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The webhook trigger as a real plugin process, posted to over real HTTP on loopback. The tests
 * that end no process share one (each watches anew, which replaces the listener).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookTest {
    private static final String SECRET = "It's a Secret to Everybody";
    private static final Map<String, String> ENV = Map.of(Listener.SECRET_ENV, SECRET);

    private PluginProcess shared;

    @BeforeAll
    void start(@TempDir Path project) throws IOException {
        shared = PluginProcess.ready(project, ENV);
    }

    @AfterAll
    void stop() throws IOException {
        shared.close();
    }

    /** Watches with {@code config}; the URL it answers, after checking the log line that names it. */
    private static String watch(PluginProcess plugin, String config) {
        JsonNode result = plugin.result("trigger/watch", "{\"config\":" + config + "}");
        String url = result.get("listening").asString();
        assertTrue(url.matches("http://127\\.0\\.0\\.1:[1-9][0-9]*/[a-z/]*"), url);
        JsonNode log = plugin.nextNotification();
        assertEquals("log/entry", log.get("method").asString(), log.toString());
        assertEquals("info", log.get("params").get("level").asString());
        assertEquals("listening on " + url, log.get("params").get("message").asString());
        return url;
    }

    /** Asserts no notification came before the answer to a ping sent now (notifications and answers keep their order). */
    private static void noMoreNotifications(PluginProcess plugin) {
        plugin.result("$/ping", "{}");
        assertEquals(java.util.Optional.empty(), plugin.notificationWithin(0));
    }

    @Test
    void aValidSignedPostYieldsExactlyOneEventWithTheDeliveryId() throws Exception {
        PluginProcess plugin = shared;
        String url = watch(plugin, "{\"path\":\"/hooks/github\",\"kind\":\"task\"}");
        assertTrue(url.endsWith("/hooks/github"), url);
        String body = "{\"action\":\"opened\",\"issue\":{\"title\":\"Fix the login\",\"body\":\"it fails\"}}";

        Post post = Post.signed(url, SECRET, "72d3162e-cc78-11e3-81ab-4c9367dc0958", "issues", body);

        assertEquals(202, post.status(), post.text());
        JsonNode n = plugin.nextNotification();
        assertEquals("trigger/event", n.get("method").asString(), n.toString());
        JsonNode e = n.get("params");
        assertEquals("72d3162e-cc78-11e3-81ab-4c9367dc0958", e.get("event_id").asString());
        assertEquals("webhook", e.get("trigger_id").asString());
        assertEquals("create_task", e.get("action_hint").asString());
        assertEquals("task", e.get("subject_kind").asString());
        JsonNode payload = e.get("payload");
        assertEquals("Fix the login", payload.get("title").asString());
        assertEquals("it fails", payload.get("description").asString());
        assertEquals("issues", payload.get("event").asString());
        assertEquals("opened", payload.get("body").get("action").asString());
        noMoreNotifications(plugin);

        plugin.send("{\"jsonrpc\":\"2.0\",\"method\":\"trigger/ack\",\"params\":"
                + "{\"event_id\":\"72d3162e-cc78-11e3-81ab-4c9367dc0958\",\"status\":\"failed\"}}");
        JsonNode warn = plugin.nextNotification();
        assertEquals("log/entry", warn.get("method").asString(), warn.toString());
        assertEquals("warn", warn.get("params").get("level").asString());
        assertTrue(warn.get("params").get("message").asString().contains("72d3162e"), warn.toString());
    }

    @Test
    void everyRefusedRequestIsAnsweredWithItsStatusAndEmitsNoEvent() throws Exception {
        PluginProcess plugin = shared;
        String url = watch(plugin, "{}");
        byte[] body = "{\"title\":\"t\"}".getBytes(StandardCharsets.UTF_8);
        String good = new Signature(SECRET).sign(body);
        Map<String, String> delivery = Map.of(Delivery.ID_HEADER, "d-1");

        assertEquals(
                401,
                Post.signed(url, "another secret", "d-1", "push", "{\"title\":\"t\"}")
                        .status());
        assertEquals(401, Post.send(url, "POST", delivery, body).status(), "no signature");
        assertEquals(
                401,
                Post.send(url, "POST", Map.of(Delivery.ID_HEADER, "d-1", Signature.HEADER, "sha256=zz"), body)
                        .status());
        assertEquals(
                400,
                Post.send(url, "POST", Map.of(Signature.HEADER, good), body).status(),
                "no delivery id");
        assertEquals(405, Post.send(url, "GET", delivery, new byte[0]).status());
        assertEquals(
                404,
                Post.send(url.replace("/webhook", "/other"), "POST", delivery, body)
                        .status());
        byte[] big = new byte[WebhookServer.MAX_BODY + 1];
        Arrays.fill(big, (byte) ' ');
        Map<String, String> bigHeaders =
                Map.of(Delivery.ID_HEADER, "d-2", Signature.HEADER, new Signature(SECRET).sign(big));
        assertEquals(413, Post.send(url, "POST", bigHeaders, big).status());
        noMoreNotifications(plugin);

        Post text = Post.signed(url, SECRET, "d-3", "ping", "zen");
        assertEquals(202, text.status(), text.text());
        JsonNode payload = plugin.nextNotification().get("params").get("payload");
        assertEquals("ping event d-3", payload.get("title").asString(), "a body without a title");
        assertEquals("zen", payload.get("body").asString(), "a body that is no JSON is passed as text");
    }

    @Test
    void withoutItsSecretThePluginRefusesToWatch(@TempDir Path project) throws Exception {
        try (var plugin = PluginProcess.ready(project, Map.of())) {
            JsonNode error = plugin.error("trigger/watch", "{}");
            assertEquals(-32602, error.get("code").asInt());
            String message = error.get("message").asString();
            assertTrue(message.contains(Listener.SECRET_ENV) && message.contains("animus secret set"), message);
        }
    }

    @Test
    void aRemoteAddressOrAWrongKeyIsRefused() {
        JsonNode error = shared.error("trigger/watch", "{\"config\":{\"bind\":\"0.0.0.0\"}}");
        assertEquals(-32602, error.get("code").asInt());
        assertTrue(error.get("message").asString().contains("allow_remote"), error.toString());
        JsonNode port = shared.error("trigger/watch", "{\"config\":{\"port\":\"80\"}}");
        assertTrue(port.get("message").asString().startsWith("config.port:"), port.toString());
        JsonNode unknown = shared.error("trigger/watch", "{\"config\":{\"prot\":80}}");
        assertTrue(unknown.get("message").asString().startsWith("config.prot: unknown key"), unknown.toString());
    }

    @Test
    void theServerStopsAtEndOfInput(@TempDir Path project) throws Exception {
        try (var plugin = PluginProcess.ready(project, ENV)) {
            String url = watch(plugin, "{}");
            plugin.closeStdin();
            assertTrue(plugin.endsWithin(10), "the plugin did not end at end of input");
            try {
                Post after = Post.signed(url, SECRET, "d-9", "push", "{}");
                throw new AssertionError("the listener still answers after the plugin ended: " + after);
            } catch (java.net.ConnectException expected) {
                // nothing listens any more
            }
        }
    }
}
