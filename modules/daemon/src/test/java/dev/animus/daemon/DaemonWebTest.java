package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.animus.providers.AgentRequest;
import dev.animus.runtime.RunningAgent;
import dev.animus.testbrowser.Chromium;
import dev.animus.testbrowser.Key;
import dev.animus.testbrowser.Navigation;
import dev.animus.testbrowser.Page;
import dev.animus.testbrowser.Viewport;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The dashboard in a real browser (plugins/http/README.md, docs/daemon.md#transports): a real
 * daemon serving the first-party http transport and the tasks backend, headless Chromium driven
 * over the DevTools protocol. The page loads with the daemon's web token and not without; a plugin
 * that crash-loops shows as disabled without a reload; a task moves columns when its status
 * changes; the reset, cancel and keyboard paths work; screenshots at 1280x800 and 390x844 are
 * written to target/screenshots/. Without Chromium every test skips, saying why.
 */
class DaemonWebTest {
    private static final Duration WAIT = WebDaemon.WAIT;

    @TempDir
    Path dir;

    @BeforeEach
    void needsChromium() {
        assumeTrue(
                Chromium.availability().isEmpty(),
                () -> "skipped, the dashboard's browser tests need Chromium: "
                        + Chromium.availability().orElseThrow());
    }

    @Test
    void thePageLoadsWithTheTokenAndNotWithout() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch()) {
            try (Page page = browser.open()) {
                Navigation refused = page.navigate(web.url);
                assertEquals(401, refused.status(), "no token, no page");
                assertEquals(
                        0,
                        page.evaluate("document.querySelectorAll('[data-plugin]').length")
                                .asInt());
            }
            for (String route : List.of("", "assets/app.js", "assets/app.css", "rpc", "events")) {
                assertEquals(401, status(web.url.resolve("/" + route)), "without the token: /" + route);
            }

            Page page = browser.open();
            Navigation signedIn = page.navigate(web.login());
            assertEquals(200, signedIn.status());
            assertEquals(web.url, signedIn.url(), "the token leaves the address bar");
            page.await(
                    "document.body.dataset.live === 'yes' && " + rowsOf(web.tasks, web.http, web.crashy, web.provider),
                    WAIT);
            assertEquals(
                    dir.resolve("project").toRealPath().toString(),
                    page.evaluate("document.getElementById('project').textContent")
                            .asString());
            page.await(column("ready") + " && " + column("done"), WAIT);
            assertEquals(List.of(), problems(page), "the page works under its CSP, without errors");
        }
    }

    @Test
    void aPluginsCrashShowsOnThePageWithoutAReload() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch();
                Page page = signedIn(browser, web)) {
            page.evaluate("window.notReloaded = true");
            web.crashUntilDisabled();
            page.await(stateIs(web.crashy, "disabled"), WAIT);
            page.await(
                    row(web.crashy) + ".querySelector('td.crashes').textContent === '5/5' && " + row(web.crashy)
                            + ".querySelector('td.err').textContent.includes('exited with code 3')",
                    WAIT);
            page.await("!" + button("reset", web.crashy) + ".hidden", WAIT);
            assertTrue(page.evaluate("window.notReloaded === true").asBoolean(), "the page was not reloaded");
            assertTrue(
                    page.evaluate("window.animusLatencies.length").asInt() > 0,
                    "each status event's DOM update is measured");
        }
    }

    @Test
    void aTaskMovesColumnsWhenItsStatusChanges() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch()) {
            String id = web.task("Move me across the board");
            try (Page page = signedIn(browser, web)) {
                page.await(cardIn("ready", id), WAIT);
                page.evaluate("window.notReloaded = true");
                web.status(id, "in-progress");
                page.await(cardIn("in-progress", id) + " && !" + cardIn("ready", id), WAIT);
                web.status(id, "done");
                page.await(cardIn("done", id) + " && !" + cardIn("in-progress", id), WAIT);
                String born = web.task("Made while the page is open");
                page.await(cardIn("ready", born), WAIT);
                assertEquals(
                        1,
                        page.evaluate("document.querySelectorAll('[data-subject=" + js(id) + "]').length")
                                .asInt(),
                        "one card per subject");
                assertTrue(page.evaluate("window.notReloaded === true").asBoolean(), "the page was not reloaded");
            }
        }
    }

    @Test
    void theResetActionReEnablesTheDisabledPlugin() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch();
                Page page = signedIn(browser, web)) {
            web.crashUntilDisabled();
            web.stopCrashing();
            page.await(stateIs(web.crashy, "disabled"), WAIT);
            String reset = "button[data-action='reset'][data-plugin=" + js(web.crashy) + "]";
            // the row can show the state before its button is laid out, and a re-render after
            // plugin/status can replace it between a wait and a click: the click waits for it
            page.click(reset, WAIT);
            page.await("document.getElementById('confirm').open", WAIT);
            assertEquals("disabled", web.state(web.crashy), "nothing happens before the confirmation");
            page.click("#confirm button[data-confirm]");
            page.await("!document.getElementById('confirm').open && !(" + stateIs(web.crashy, "disabled") + ")", WAIT);
            assertEquals("registered", web.state(web.crashy), "reset: the crash window is cleared");
            web.link.request(
                    "plugin/ping", JsonNodeFactory.instance.objectNode().put("name", web.crashy));
            page.await(stateIs(web.crashy, "ready"), WAIT);
            assertEquals(List.of(), problems(page));
        }
    }

    @Test
    void everyActionIsReachableByKeyboardAndEscapeClosesTheConfirmation() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch();
                Page page = signedIn(browser, web)) {
            web.crashUntilDisabled();
            web.stopCrashing();
            String reset = "button[data-action='reset'][data-plugin=" + js(web.crashy) + "]";
            page.await(stateIs(web.crashy, "disabled") + " && !document.querySelector(" + js(reset) + ").hidden", WAIT);
            tabTo(page, reset);
            assertTrue(
                    page.evaluate("getComputedStyle(document.activeElement).outlineStyle !== 'none'")
                            .asBoolean(),
                    "the focus is visible");
            page.press(Key.ENTER);
            page.await("document.getElementById('confirm').open", WAIT);
            assertTrue(
                    page.evaluate("document.activeElement.matches('[data-cancel]')")
                            .asBoolean(),
                    "cancel first");
            page.press(Key.ESCAPE);
            page.await("!document.getElementById('confirm').open", WAIT);
            assertTrue(
                    page.evaluate("document.activeElement.matches(" + js(reset) + ")")
                            .asBoolean(),
                    "the focus goes back to the action");
            assertEquals("disabled", web.state(web.crashy), "Escape cancels");

            page.press(Key.ENTER);
            page.await("document.getElementById('confirm').open", WAIT);
            page.press(Key.TAB);
            assertTrue(page.evaluate("document.activeElement.matches('[data-confirm]')")
                    .asBoolean());
            page.press(Key.ENTER);
            page.await("!(" + stateIs(web.crashy, "disabled") + ")", WAIT);
            assertEquals("registered", web.state(web.crashy));
        }
    }

    @Test
    void cancellingARunFromThePageEndsIt() throws Exception {
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch();
                Page page = signedIn(browser, web)) {
            RunningAgent run = forever(web);
            String cancel = "button[data-action='cancel'][data-run=" + js(run.controlSessionId()) + "]";
            page.await("!!document.querySelector(" + js(cancel) + ")", WAIT);
            assertEquals(
                    web.provider,
                    page.evaluate("document.querySelector(" + js(cancel) + ").dataset.plugin")
                            .asString());
            page.click(cancel);
            page.await("document.getElementById('confirm').open", WAIT);
            page.click("#confirm button[data-confirm]");
            long end = System.nanoTime() + WAIT.toNanos();
            while (!run.isDone() && System.nanoTime() < end) {
                Thread.sleep(50); // the provider's process answers the cancel, with a deadline
            }
            assertTrue(run.isDone(), "the run ended");
            page.await("!document.querySelector(" + js(cancel) + ")", WAIT);
        }
    }

    @Test
    void screenshotsAtLaptopAndPhoneSizes() throws Exception {
        Path shots = Path.of(System.getProperty("animus.screenshots.dir", "target/screenshots"));
        try (WebDaemon web = WebDaemon.start(dir);
                Chromium browser = Chromium.launch()) {
            Map<String, String> board = Map.of(
                    "Write the release notes", "ready",
                    "Rotate the signing key", "ready",
                    "Fix the flaky socket test", "in-progress",
                    "Review the transport contract", "blocked",
                    "Add the dashboard", "done",
                    "Drop the old importer", "cancelled");
            board.forEach((title, status) -> {
                String id = web.task(title);
                if (!status.equals("ready")) {
                    web.status(id, status);
                }
            });
            RunningAgent run = forever(web);
            web.crashUntilDisabled();
            try (Page page = signedIn(browser, web)) {
                page.await("document.querySelectorAll('[data-subject]').length === 6", WAIT);
                page.await("!!document.querySelector('button[data-action=\"cancel\"]')", WAIT);
                page.click("button[data-select=" + js(web.crashy) + "]");
                page.await(
                        "[...document.querySelectorAll('#logs li')].some(l => l.textContent.includes('crashing on purpose'))",
                        WAIT);
                page.await("document.querySelector('#grants').textContent.includes('enabled')", WAIT);

                shoot(page, Viewport.DESKTOP, shots.resolve("dashboard-1280x800.png"));
                assertTrue(
                        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
                                .asBoolean(),
                        "no sideways scrolling at 1280x800");
                shoot(page, Viewport.PHONE, shots.resolve("dashboard-390x844.png"));
                assertTrue(
                        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
                                .asBoolean(),
                        "no sideways scrolling at 390x844: the table is cards, the board scrolls itself");
                assertEquals(
                        "none",
                        page.evaluate("getComputedStyle(document.querySelector('table.plugins thead')).display")
                                .asString(),
                        "the table collapses to cards");
                page.prefersDark(true);
                shoot(page, Viewport.DESKTOP, shots.resolve("dashboard-1280x800-dark.png"));
                assertEquals(List.of(), problems(page));
            }
            web.link.agents("default").cancel(run.controlSessionId());
        }
    }

    /** Lays the page out at {@code size} and writes it to {@code png}, checked to be that size. */
    private static void shoot(Page page, Viewport size, Path png) throws IOException {
        page.viewport(size);
        page.await("window.innerWidth === " + size.width(), WAIT);
        page.evaluate("window.scrollTo(0, 0)");
        // two frames: the layout of the new size is painted before the capture
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))");
        page.screenshot(png);
        byte[] bytes = Files.readAllBytes(png);
        assertEquals(size.width(), ByteBuffer.wrap(bytes, 16, 4).getInt(), png.toString());
        assertEquals(size.height(), ByteBuffer.wrap(bytes, 20, 4).getInt(), png.toString());
    }

    private static Page signedIn(Chromium browser, WebDaemon web) {
        Page page = browser.open();
        Navigation nav = page.navigate(web.login());
        assertEquals(200, nav.status(), "signed in with ?token=");
        page.await("document.body.dataset.live === 'yes' && " + rowsOf(web.tasks, web.crashy), WAIT);
        return page;
    }

    private static RunningAgent forever(WebDaemon web) {
        return web.link
                .agents("default")
                .run(
                        new AgentRequest(
                                web.provider,
                                "forever",
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                Map.of(),
                                Optional.empty()),
                        event -> {});
    }

    /** Presses Tab until the element {@code selector} has the focus (at most 80 times). */
    private static void tabTo(Page page, String selector) {
        for (int i = 0; i < 80; i++) {
            if (page.evaluate("document.activeElement.matches(" + js(selector) + ")")
                    .asBoolean()) {
                return;
            }
            page.press(Key.TAB);
        }
        throw new AssertionError("Tab never reached " + selector + "; the focus is on "
                + page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
                        .asString());
    }

    /** The page's problems but the browser's own request for /favicon.ico (the dashboard has none). */
    private static List<String> problems(Page page) {
        return page.problems().stream().filter(p -> !p.contains("/favicon.ico")).toList();
    }

    /** An HTTP GET's status, without credentials. */
    private static int status(URI url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(10_000);
        try {
            return c.getResponseCode();
        } finally {
            c.disconnect();
        }
    }

    /** {@code text} as a JavaScript string literal. */
    private static String js(String text) {
        return JsonNodeFactory.instance.stringNode(text).toString();
    }

    private static String row(String plugin) {
        return "document.querySelector('tr[data-plugin=' + " + js(js(plugin)) + " + ']')";
    }

    private static String rowsOf(String... plugins) {
        return String.join(
                " && ", List.of(plugins).stream().map(p -> "!!" + row(p)).toList());
    }

    private static String stateIs(String plugin, String state) {
        return "(" + row(plugin) + " || {dataset: {}}).dataset.state === " + js(state);
    }

    private static String button(String action, String plugin) {
        return "document.querySelector('button[data-action=" + action + "][data-plugin=' + " + js(js(plugin))
                + " + ']')";
    }

    private static String column(String status) {
        return "!!document.querySelector('[data-column=" + status + "]')";
    }

    private static String cardIn(String status, String id) {
        return "!!document.querySelector('[data-column=" + status + "] [data-subject=' + " + js(js(id)) + " + ']')";
    }
}
