package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The transport as a real plugin process serving real HTTP on loopback, in front of a real
 * Unix-socket peer speaking the control protocol ({@link ControlPeer}). The tests share one
 * started transport; none of them stops it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpTransportTest {
    static final String TOKEN = "q3Zr0b5mYw9Kc1Jx7TnVd2LhPa8UsEgFo4RiXkNyQ6M";

    private PluginProcess plugin;
    private ControlPeer peer;
    private int port;
    private JsonNode started;

    @BeforeAll
    void start(@TempDir Path dir) throws IOException {
        Path socket = dir.resolve("c.sock");
        peer = new ControlPeer(socket);
        plugin = PluginProcess.ready(dir, Map.of());
        started = plugin.result("transport/start", startParams(socket, dir, "127.0.0.1:0"));
        port = Integer.parseInt(started.get("bound_addr").asString().split(":")[1]);
    }

    static String startParams(Path socket, Path project, String bind) {
        return "{\"control_socket_path\":\"" + socket + "\",\"project_root\":\"" + project + "\",\"bind_addr\":\""
                + bind + "\",\"config\":{},\"auth_token\":\"" + TOKEN + "\"}";
    }

    @AfterAll
    void stop() throws IOException {
        plugin.close();
        peer.close();
    }

    private Map<String, String> withToken() {
        Map<String, String> h = Http.host(port);
        h.put("Cookie", Gate.COOKIE + "=" + TOKEN);
        return h;
    }

    private Http.Response rpc(String body) throws IOException {
        Map<String, String> h = withToken();
        h.put("Content-Type", "application/json");
        return Http.send(port, "POST", "/rpc", h, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertSecurityHeaders(Http.Response r) {
        assertEquals(
                "default-src 'self'; frame-ancestors 'none'; base-uri 'none'", r.header("Content-Security-Policy"));
        assertEquals("nosniff", r.header("X-Content-Type-Options"));
        assertEquals("no-referrer", r.header("Referrer-Policy"));
        assertEquals("no-store", r.header("Cache-Control"));
    }

    @Nested
    class TheLifecycle {
        @Test
        void transportStartBindsLoopbackAndAnswersWhereItListens() throws Exception {
            String bound = started.get("bound_addr").asString();
            assertTrue(bound.matches("127\\.0\\.0\\.1:[1-9][0-9]*"), bound);
            assertEquals("http://" + bound + "/", started.get("url").asString());
            Instant.parse(started.get("started_at").asString());
            JsonNode info = plugin.result("transport/info", "{}");
            assertEquals(bound, info.get("bound_addr").asString());
            assertEquals(started.get("started_at"), info.get("started_at"));
            assertEquals(200, Http.get(port, "/", withToken()).status(), "it answers");
        }

        @Test
        void aSecondStartAnswersTheRunningServer() {
            JsonNode again = plugin.result(
                    "transport/start", startParams(Path.of("/nonexistent/c.sock"), Path.of("/tmp"), "127.0.0.1:0"));
            assertEquals(started.get("bound_addr"), again.get("bound_addr"));
        }

        @Test
        void aBindAddressOffLoopbackIsRefusedInOneLine() {
            for (String bind : List.of("0.0.0.0:0", "192.168.1.20:8080", "example.com:80", "[::]:0", "10.0.0.1")) {
                JsonNode error =
                        plugin.error("transport/start", startParams(Path.of("/tmp/c.sock"), Path.of("/tmp"), bind));
                assertEquals(-32602, error.get("code").asInt(), bind + ": " + error);
                String message = error.get("message").asString();
                assertTrue(message.contains(bind) && message.contains("loopback"), message);
                assertFalse(message.contains("\n"), message);
            }
        }
    }

    @Nested
    class TheGate {
        @Test
        void withoutTheTokenEveryRouteIsUnauthorized() throws Exception {
            for (String path : List.of("/", "/assets/app.js", "/rpc", "/events", "/nope")) {
                Http.Response r = Http.get(port, path, Http.host(port));
                assertEquals(401, r.status(), path);
                assertSecurityHeaders(r);
                Map<String, String> wrong = Http.host(port);
                wrong.put("Cookie", Gate.COOKIE + "=" + TOKEN.substring(1) + "x");
                assertEquals(401, Http.get(port, path, wrong).status(), path + " with a wrong cookie");
            }
            Map<String, String> json = Http.host(port);
            json.put("Content-Type", "application/json");
            assertEquals(
                    401,
                    Http.send(
                                    port,
                                    "POST",
                                    "/rpc",
                                    json,
                                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon/status\"}"
                                            .getBytes(StandardCharsets.UTF_8))
                            .status());
        }

        @Test
        void aForeignHostOrOriginIsForbiddenEvenWithTheToken() throws Exception {
            for (String host :
                    List.of("evil.example:" + port, "127.0.0.1:" + (port == 1 ? 2 : port - 1), "127.0.0.1")) {
                Map<String, String> h = withToken();
                h.put("Host", host);
                Http.Response r = Http.get(port, "/", h);
                assertEquals(403, r.status(), host);
                assertSecurityHeaders(r);
            }
            for (String origin :
                    List.of("http://evil.example", "https://127.0.0.1:" + port, "null", "http://127.0.0.1:1")) {
                Map<String, String> h = withToken();
                h.put("Origin", origin);
                assertEquals(403, Http.get(port, "/", h).status(), origin);
            }
            for (String host : List.of("localhost:" + port, "[::1]:" + port)) {
                Map<String, String> h = withToken();
                h.put("Host", host);
                h.put("Origin", "http://" + host);
                assertEquals(200, Http.get(port, "/", h).status(), host);
            }
        }

        @Test
        void theTokenInTheQueryLogsInWithASeeOtherAndAStrictHttpOnlyCookie() throws Exception {
            Http.Response r = Http.get(port, "/?token=" + TOKEN, Http.host(port));
            assertEquals(303, r.status());
            assertEquals("/", r.header("Location"));
            assertEquals(
                    List.of(Gate.COOKIE + "=" + TOKEN + "; Path=/; HttpOnly; SameSite=Strict"),
                    r.headers().get("set-cookie"));
            assertSecurityHeaders(r);
            Http.Response other = Http.get(port, "/assets/app.js?a=1&token=" + TOKEN + "&b=2", Http.host(port));
            assertEquals(303, other.status());
            assertEquals("/assets/app.js?a=1&b=2", other.header("Location"));
            assertEquals(401, Http.get(port, "/?token=nope", Http.host(port)).status());
            assertEquals(
                    "/",
                    Http.get(port, "//evil.example/?token=" + TOKEN, Http.host(port))
                            .header("Location"));

            Http.Response page = Http.get(port, "/", withToken());
            assertEquals(200, page.status());
            assertEquals("text/html; charset=utf-8", page.header("Content-Type"));
            assertTrue(page.text().contains("/assets/app.js"), page.text());
            assertSecurityHeaders(page);
        }

        @Test
        void aBearerTokenWorks() throws Exception {
            Map<String, String> h = Http.host(port);
            h.put("Authorization", "Bearer " + TOKEN);
            Http.Response css = Http.get(port, "/assets/app.css", h);
            assertEquals(200, css.status());
            assertEquals("text/css; charset=utf-8", css.header("Content-Type"));
            h.put("Authorization", "Bearer " + TOKEN.toLowerCase(java.util.Locale.ROOT));
            assertEquals(401, Http.get(port, "/assets/app.css", h).status());
        }

        @Test
        void onlyTheDashboardsOwnFilesAreServed() throws Exception {
            assertEquals(
                    "text/javascript; charset=utf-8",
                    Http.get(port, "/assets/app.js", withToken()).header("Content-Type"));
            for (String path : List.of(
                    "/assets/../module-info.class",
                    "/assets/%2e%2e/HttpTransportPlugin.class",
                    "/assets/",
                    "/assets/nope.js",
                    "/index.html",
                    "/nope")) {
                Http.Response r = Http.get(port, path, withToken());
                assertEquals(404, r.status(), path);
                assertSecurityHeaders(r);
            }
        }
    }

    @Nested
    class TheApi {
        @Test
        void aMethodOffTheAllowlistIsNotFoundAndNeverReachesTheDaemon() throws Exception {
            JsonNode a = PluginProcess.JSON.readTree(rpc("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"plugin/install\","
                            + "\"params\":{\"path\":\"/tmp/x\",\"confirm\":\"abc\"}}")
                    .text());
            assertEquals(7, a.get("id").asInt());
            assertEquals(-32601, a.get("error").get("code").asInt(), a.toString());
            assertEquals(
                    "method plugin/install is not served over HTTP",
                    a.get("error").get("message").asString());
            JsonNode follow = PluginProcess.JSON.readTree(
                    rpc("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"daemon/logs\",\"params\":{\"follow\":true}}")
                            .text());
            assertEquals(-32601, follow.get("error").get("code").asInt(), follow.toString());
            rpc("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"daemon/status\"}");
            List<String> seen = peer.methods();
            assertTrue(seen.contains("daemon/status"), seen.toString());
            assertFalse(seen.contains("plugin/install"), seen.toString());
        }

        @Test
        void anAllowedMethodIsForwardedWithItsParamsAndAnsweredAsTheDaemonDid() throws Exception {
            Http.Response r =
                    rpc("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"daemon/status\",\"params\":{\"x\":1}}");
            assertEquals(200, r.status());
            assertEquals("application/json", r.header("Content-Type"));
            assertSecurityHeaders(r);
            JsonNode a = PluginProcess.JSON.readTree(r.text());
            assertEquals("a", a.get("id").asString());
            assertEquals("peer", a.get("result").get("version").asString(), a.toString());
            assertEquals(1, a.get("result").get("params").get("x").asInt());

            JsonNode e = PluginProcess.JSON.readTree(
                    rpc("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"plugin/reset\",\"params\":{\"name\":\"ghost\"}}")
                            .text());
            assertEquals(-32602, e.get("error").get("code").asInt(), e.toString());
            assertEquals(
                    "no plugin ghost is installed",
                    e.get("error").get("message").asString());
            assertEquals("not_found", e.get("error").get("data").get("category").asString());
        }

        @Test
        void aStreamThatEndsIsAnsweredWithItsItems() throws Exception {
            JsonNode a = PluginProcess.JSON.readTree(
                    rpc("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"daemon/logs\",\"params\":{\"lines\":2}}")
                            .text());
            assertEquals(
                    PluginProcess.JSON.readTree("{\"items\":[{\"n\":1},{\"n\":2}]}"), a.get("result"), a.toString());
            assertTrue(
                    peer.params("daemon/logs").stream()
                            .anyMatch(p -> p.path("lines").asInt() == 2 && !p.has("follow")),
                    "forwarded as asked: " + peer.params("daemon/logs"));
        }

        @Test
        void aBadRequestIsAnsweredWithItsStatusOrItsJsonRpcError() throws Exception {
            Map<String, String> plain = withToken();
            plain.put("Content-Type", "text/plain");
            assertEquals(
                    415,
                    Http.send(port, "POST", "/rpc", plain, "{}".getBytes(StandardCharsets.UTF_8))
                            .status());
            assertEquals(405, Http.get(port, "/rpc", withToken()).status());
            assertEquals(
                    -32700,
                    PluginProcess.JSON
                            .readTree(rpc("{nope").text())
                            .get("error")
                            .get("code")
                            .asInt());
            assertEquals(
                    -32600,
                    PluginProcess.JSON
                            .readTree(rpc("[1]").text())
                            .get("error")
                            .get("code")
                            .asInt());
        }
    }

    @Nested
    class TheEvents {
        @Test
        void aStatusChangeReachesTheBrowserAndTheReplayOfASubscriptionDoesNot() throws Exception {
            peer.awaitFollower("daemon/events");
            try (EventStream browser = new EventStream(port, withToken())) {
                assertEquals(200, browser.status);
                assertEquals(List.of("text/event-stream; charset=utf-8"), browser.headers.get("content-type"));
                assertEquals(List.of("no-store"), browser.headers.get("cache-control"));
                browser.expectRetry();
                // the daemon ends the stream: the transport subscribes again, and the peer replays an old event
                peer.end("daemon/events");
                peer.awaitFollower("daemon/events");
                var change = ControlPeer.statusChange("animus-tasks", 0);
                peer.emit("daemon/events", change);
                EventStream.Event e = browser.nextEvent();
                assertEquals("status", e.type());
                assertEquals(change, PluginProcess.JSON.readTree(e.data()));
            }
        }

        @Test
        void subjectChangesAndLogEntriesArriveAsTheirOwnEvents() throws Exception {
            peer.awaitFollower("subject/watch");
            peer.awaitFollower("daemon/logs");
            try (EventStream browser = new EventStream(port, withToken())) {
                browser.expectRetry();
                JsonNode change = PluginProcess.JSON.readTree(
                        "{\"id\":\"task:1\",\"change_kind\":\"updated\",\"subject\":{\"id\":\"task:1\",\"status\":\"in_progress\"},\"plugin\":\"animus-tasks\"}");
                peer.emit("subject/watch", change);
                EventStream.Event s = browser.nextEvent();
                assertEquals("subject", s.type());
                assertEquals(change, PluginProcess.JSON.readTree(s.data()));
                JsonNode entry = PluginProcess.JSON.readTree(
                        "{\"id\":\"x-1\",\"ts\":\"2026-12-02T10:00:00.123Z\",\"level\":\"warn\",\"source\":\"plugin\",\"message\":\"slow\"}");
                peer.emit("daemon/logs", entry);
                EventStream.Event l = browser.nextEvent();
                assertEquals("log", l.type());
                assertEquals(entry, PluginProcess.JSON.readTree(l.data()));
            }
            List<JsonNode> follows = peer.params("daemon/logs").stream()
                    .filter(p -> p.path("follow").asBoolean())
                    .toList();
            assertTrue(
                    !follows.isEmpty()
                            && follows.stream().allMatch(p -> p.path("lines").asInt(-1) == 0),
                    "no history: " + follows);
        }

        @Test
        void aBrowserThatStopsReadingIsDroppedWithoutHoldingUpTheOthers() throws Exception {
            peer.awaitFollower("daemon/events");
            long droppedBefore =
                    plugin.result("transport/info", "{}").get("dropped").asLong();
            try (java.net.Socket laggard = new java.net.Socket();
                    EventStream browser = new EventStream(port, withToken())) {
                laggard.setReceiveBufferSize(4096);
                laggard.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port));
                laggard.getOutputStream()
                        .write(Http.head("GET", "/events", withToken(), 0).getBytes(StandardCharsets.ISO_8859_1));
                browser.expectRetry();
                awaitBrowsers(2);
                int sent = 0;
                while (plugin.result("transport/info", "{}").get("dropped").asLong() == droppedBefore) {
                    assertTrue(sent < 40_000, "the laggard was not dropped after " + sent + " events");
                    for (int i = 0; i < 64; i++, sent++) {
                        peer.emit("daemon/events", ControlPeer.statusChange("p" + sent, 4096));
                    }
                    for (int i = 0; i < 64; i++) {
                        assertEquals("status", browser.nextEvent().type(), "the reading browser got every event");
                    }
                }
                // the laggard's writer, blocked in a write that is never read, is stopped: its connection
                // ends while the test still reads nothing of it, and the reader stays
                awaitBrowsers(1);
                laggard.setSoTimeout(30_000);
                assertTrue(laggard.getInputStream().skip(Long.MAX_VALUE) >= 0);
                assertEquals(-1, laggard.getInputStream().read(), "the laggard's connection was closed");
                peer.emit("daemon/events", ControlPeer.statusChange("after", 0));
                EventStream.Event after = browser.nextEvent();
                assertEquals(
                        "after",
                        PluginProcess.JSON.readTree(after.data()).get("plugin").asString());
            }
        }

        private void awaitBrowsers(int n) throws InterruptedException {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (plugin.result("transport/info", "{}").get("browsers").asInt() != n) {
                assertTrue(System.nanoTime() < deadline, "not " + n + " browsers within 30 s");
                Thread.sleep(20); // a bounded poll for another process
            }
        }
    }
}
