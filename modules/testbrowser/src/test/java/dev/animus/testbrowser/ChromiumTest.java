package dev.animus.testbrowser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The real Chromium of this machine against pages of a JDK HttpServer on loopback. */
class ChromiumTest {
    private static final String PAGE = """
            <!doctype html><html><head><title>Fixture</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
            <button id="go">Go</button><p id="out">waiting</p>
            <script>
              document.getElementById('go').addEventListener('click', () =>
                setTimeout(() => { document.getElementById('out').textContent = 'clicked'; }, 50));
            </script></body></html>""";
    private static final String BROKEN = """
            <!doctype html><html><body><script>window.nothing.here();</script></body></html>""";

    private static HttpServer server;
    private static ExecutorService handlers;
    private static Chromium browser;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(
                Chromium.availability().isEmpty(),
                () -> "skipped: " + Chromium.availability().orElseThrow());
        handlers = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("fixture-", 0).factory());
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(handlers);
        server.createContext("/", exchange -> answer(exchange, 200, PAGE));
        server.createContext("/broken", exchange -> answer(exchange, 200, BROKEN));
        server.createContext("/secret", exchange -> answer(exchange, 401, "<h1>401 Unauthorized</h1>"));
        server.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().set("Location", "/");
            exchange.sendResponseHeaders(303, -1);
            exchange.close();
        });
        server.start();
        browser = Chromium.launch();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.stop(0);
            handlers.close();
        }
    }

    @Test
    void navigatesToAPageAndEvaluatesScriptsToJson() {
        try (Page page = browser.open()) {
            Navigation nav = page.navigate(url("/"));
            assertEquals(200, nav.status());
            assertEquals("Fixture", page.evaluate("document.title").asString());
            JsonNode value = page.evaluate("({n: 1 + 2, list: ['a', 'b'], yes: true})");
            assertEquals(3, value.path("n").asInt());
            assertEquals("b", value.path("list").get(1).asString());
            assertTrue(page.evaluate("undefined").isMissingNode());
            assertEquals(List.of(), page.problems());
        }
    }

    @Test
    void aClickChangesThePageAndAwaitSeesIt() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            page.click("#go");
            page.await("document.getElementById('out').textContent === 'clicked'", Duration.ofSeconds(10));
        }
    }

    @Test
    void theKeyboardMovesTheFocusAndPressesTheButton() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            page.press(Key.TAB);
            assertEquals("go", page.evaluate("document.activeElement.id").asString());
            page.press(Key.ENTER);
            page.await("document.getElementById('out').textContent === 'clicked'", Duration.ofSeconds(10));
        }
    }

    @Test
    void aPredicateThatStaysFalseFailsAtItsDeadlineNamingIt() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            BrowserFailure failure =
                    assertThrows(BrowserFailure.class, () -> page.await("window.never === 1", Duration.ofMillis(300)));
            assertTrue(failure.getMessage().contains("window.never === 1"), failure.getMessage());
        }
    }

    @Test
    void aScriptThatThrowsFailsWithThePagesException() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            BrowserFailure failure = assertThrows(BrowserFailure.class, () -> page.evaluate("null.x"));
            assertTrue(failure.getMessage().contains("TypeError"), failure.getMessage());
        }
    }

    @Test
    void anUnauthorizedPageIsANavigationWithItsStatus() {
        try (Page page = browser.open()) {
            Navigation nav = page.navigate(url("/secret"));
            assertEquals(401, nav.status());
            assertTrue(page.evaluate("document.body.textContent").asString().contains("401 Unauthorized"));
        }
    }

    @Test
    void aRedirectEndsAtItsTarget() {
        try (Page page = browser.open()) {
            Navigation nav = page.navigate(url("/moved"));
            assertEquals(200, nav.status());
            assertEquals(url("/"), nav.url());
        }
    }

    @Test
    void anotherFragmentOfTheSameDocumentLoadsNothing() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            page.evaluate("window.same = true");
            Navigation nav = page.navigate(url("/#part"));
            assertEquals(url("/#part"), nav.url());
            assertEquals(200, nav.status(), "the document's status");
            assertTrue(page.evaluate("window.same === true").asBoolean(), "the same document");
        }
    }

    @Test
    void anUncaughtExceptionIsAProblemOfThePage() {
        try (Page page = browser.open()) {
            page.navigate(url("/broken"));
            page.await("true", Duration.ofSeconds(5));
            assertTrue(
                    page.problems().stream().anyMatch(p -> p.contains("TypeError")),
                    page.problems().toString());
        }
    }

    @Test
    void theViewportSizesTheLayoutAndTheScreenshot(@TempDir Path dir) throws IOException {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            page.viewport(Viewport.PHONE);
            assertEquals(390, page.evaluate("window.innerWidth").asInt());
            Path png = page.screenshot(dir.resolve("shots/phone.png"));
            byte[] bytes = Files.readAllBytes(png);
            assertEquals(0x89504E47, ByteBuffer.wrap(bytes, 0, 4).getInt(), "a PNG signature");
            // IHDR: width and height follow the 8-byte signature, the chunk length and its type
            assertEquals(390, ByteBuffer.wrap(bytes, 16, 4).getInt());
            assertEquals(844, ByteBuffer.wrap(bytes, 20, 4).getInt());
            page.viewport(Viewport.DESKTOP);
            assertEquals(1280, page.evaluate("window.innerWidth").asInt());
        }
    }

    @Test
    void theColorSchemeCanBeDark() {
        try (Page page = browser.open()) {
            page.navigate(url("/"));
            page.prefersDark(true);
            assertTrue(page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
                    .asBoolean());
            page.prefersDark(false);
            assertFalse(page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
                    .asBoolean());
        }
    }

    @Test
    void nothingIsLoadedWhenNothingListens() throws IOException {
        int port;
        try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        try (Page page = browser.open()) {
            URI nowhere = URI.create("http://127.0.0.1:" + port + "/");
            BrowserFailure failure = assertThrows(BrowserFailure.class, () -> page.navigate(nowhere));
            assertTrue(failure.getMessage().contains("ERR_CONNECTION_REFUSED"), failure.getMessage());
        }
    }

    @Test
    void closingTheBrowserEndsItsProcessTreeAndRemovesItsDirectory() {
        Chromium own = Chromium.launch();
        own.open().navigate(url("/"));
        List<ProcessHandle> tree;
        try (Stream<ProcessHandle> descendants =
                ProcessHandle.of(own.pid()).orElseThrow().descendants()) {
            tree = Stream.concat(Stream.of(ProcessHandle.of(own.pid()).orElseThrow()), descendants)
                    .toList();
        }
        assertTrue(tree.size() > 1, "a browser runs helper processes: " + tree);
        Path directory = own.directory();
        own.close();
        own.close();
        for (ProcessHandle p : tree) {
            assertFalse(
                    p.isAlive(),
                    "still running after close: " + p.pid() + " " + p.info().commandLine());
        }
        assertFalse(Files.exists(directory), directory + " is left");
    }

    private static URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private static void answer(HttpExchange exchange, int status, String html) throws IOException {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
