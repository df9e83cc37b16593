package dev.animus.testbrowser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tab of a {@link Chromium}: navigate, evaluate, await, click, press keys, size, capture.
 *
 * <p>The page's problems (uncaught exceptions, {@code console.error}, the browser's own error log:
 * failed loads, Content-Security-Policy refusals) are collected from the start; {@link #problems()}
 * returns them. Not for concurrent use by several test threads; close it (or the browser) when done.
 */
public final class Page implements AutoCloseable {
    private final DevTools devTools;
    private final String targetId;
    private final Optional<String> session;
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> documentStatus = new ConcurrentHashMap<>();
    private final List<Runnable> subscriptions = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile int lastStatus;

    private Page(DevTools devTools, String targetId, String session) {
        this.devTools = devTools;
        this.targetId = targetId;
        this.session = Optional.of(session);
    }

    static Page open(DevTools devTools) {
        JsonNode created = devTools.call(
                Optional.empty(),
                "Target.createTarget",
                DevTools.JSON.createObjectNode().put("url", "about:blank"),
                Chromium.COMMAND_TIMEOUT);
        String targetId = created.path("targetId").asString();
        JsonNode attached = devTools.call(
                Optional.empty(),
                "Target.attachToTarget",
                DevTools.JSON.createObjectNode().put("targetId", targetId).put("flatten", true),
                Chromium.COMMAND_TIMEOUT);
        Page page = new Page(devTools, targetId, attached.path("sessionId").asString());
        page.listen();
        for (String domain : List.of("Page", "Runtime", "Network", "Log")) {
            page.command(domain + ".enable", params());
        }
        return page;
    }

    /**
     * Loads {@code url} and waits for its load event (at most {@code timeout}).
     *
     * @return where it ended and with which status: a 401 page is a navigation, not a failure; a
     *     navigation within the document (another {@code #fragment}) loads nothing and keeps the
     *     document's status
     * @throws BrowserFailure when nothing answered (connection refused, DNS) or the load timed out
     */
    public Navigation navigate(URI url, Duration timeout) {
        Objects.requireNonNull(url, "url");
        CompletableFuture<JsonNode> loaded = next("Page.loadEventFired");
        JsonNode answer = command("Page.navigate", params().put("url", url.toString()));
        String loaderId = answer.path("loaderId").asString("");
        Optional<String> error = Optional.ofNullable(answer.get("errorText")).map(JsonNode::asString);
        Integer status = documentStatus.get(loaderId);
        if (error.isPresent() && status == null) {
            throw new BrowserFailure("cannot load " + url + ": " + error.get());
        }
        if (loaderId.isEmpty()) {
            // a navigation within the document (another #fragment): nothing loads
            return new Navigation(URI.create(evaluate("location.href").asString()), lastStatus, error);
        }
        try {
            loaded.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BrowserFailure(url + " did not load within " + timeout, e);
        } catch (ExecutionException e) {
            throw new BrowserFailure("loading " + url + ": " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowserFailure("interrupted loading " + url, e);
        }
        URI where = URI.create(evaluate("location.href").asString());
        lastStatus = documentStatus.getOrDefault(loaderId, 0);
        return new Navigation(where, lastStatus, error);
    }

    /** {@link #navigate(URI, Duration)} with a 30 s bound. */
    public Navigation navigate(URI url) {
        return navigate(url, Duration.ofSeconds(30));
    }

    /**
     * The value of the JavaScript {@code expression}, as JSON (a promise is awaited; {@code undefined}
     * is a missing node).
     *
     * @throws BrowserFailure when it throws in the page (the message has the page's exception)
     */
    public JsonNode evaluate(String expression) {
        return evaluate(expression, Chromium.COMMAND_TIMEOUT);
    }

    /**
     * Waits until the JavaScript {@code predicate} (an expression) is truthy in the page, polling it
     * there every 25 ms; a predicate that throws counts as false, and a page that navigates meanwhile
     * is polled again once it has a document.
     *
     * @throws BrowserFailure when it is still false after {@code deadline}
     */
    public void await(String predicate, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        String poll = "(async (ms) => { const until = Date.now() + ms;"
                + " for (;;) { let ok = false; try { ok = !!(" + predicate + "); } catch (e) { ok = false; }"
                + " if (ok) return true; if (Date.now() >= until) return false;"
                + " await new Promise(r => setTimeout(r, 25)); } })";
        for (; ; ) {
            long left = Math.max(0, (end - System.nanoTime()) / 1_000_000);
            try {
                if (evaluate(poll + "(" + left + ")", Duration.ofMillis(left).plus(Chromium.COMMAND_TIMEOUT))
                        .asBoolean(false)) {
                    return;
                }
            } catch (BrowserFailure e) {
                if (!isNavigationRace(e)) {
                    throw e;
                }
            }
            if (System.nanoTime() >= end) {
                throw new BrowserFailure("not true within " + deadline + ": " + predicate
                        + (problems.isEmpty() ? "" : "; the page's problems: " + problems));
            }
        }
    }

    /** Lays the page out at {@code viewport} (until changed again). */
    public void viewport(Viewport viewport) {
        command(
                "Emulation.setDeviceMetricsOverride",
                params().put("width", viewport.width())
                        .put("height", viewport.height())
                        .put("deviceScaleFactor", viewport.scale())
                        .put("mobile", viewport.mobile()));
    }

    /** Makes the page's {@code prefers-color-scheme} media query answer dark (or light) from now on. */
    public void prefersDark(boolean dark) {
        ObjectNode params = params();
        params.putArray("features")
                .addObject()
                .put("name", "prefers-color-scheme")
                .put("value", dark ? "dark" : "light");
        command("Emulation.setEmulatedMedia", params);
    }

    /** Writes what the viewport shows to {@code png} (its directory is created), and returns it. */
    public Path screenshot(Path png) {
        JsonNode shot = command("Page.captureScreenshot", params().put("format", "png"));
        try {
            Path parent = png.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(png, Base64.getDecoder().decode(shot.path("data").asString()));
            return png;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the screenshot " + png, e);
        }
    }

    /**
     * {@link #click(String)} once an element matching {@code selector} is there and laid out, waiting
     * up to {@code deadline} for it: a page that re-renders between a wait and a click (a status
     * event replacing a row) does not make the click fail.
     *
     * @throws BrowserFailure when no such element had a size within {@code deadline}
     */
    public void click(String selector, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        String laidOut = "(() => { const e = document.querySelector(" + DevTools.JSON.valueToTree(selector)
                + "); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })()";
        for (; ; ) {
            await(laidOut, Duration.ofNanos(Math.max(0, end - System.nanoTime())));
            try {
                click(selector);
                return;
            } catch (BrowserFailure e) {
                if (!e.getMessage().startsWith("cannot click ") || System.nanoTime() >= end) {
                    throw e;
                }
                // gone again between the wait and the click: wait for it once more
            }
        }
    }

    /**
     * Clicks the middle of the first element matching the CSS {@code selector} with the mouse (after
     * scrolling it into view), as a person would: the element must be visible and not covered.
     *
     * @throws BrowserFailure when nothing matches or the element has no size
     */
    public void click(String selector) {
        JsonNode at = evaluate("(() => { const e = document.querySelector(" + DevTools.JSON.valueToTree(selector)
                + "); if (!e) return null; e.scrollIntoView({block: 'nearest', inline: 'nearest'});"
                + " const r = e.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return 'hidden';"
                + " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()");
        if (!at.isObject()) {
            throw new BrowserFailure(
                    "cannot click " + selector + ": " + (at.isString() ? "it has no size" : "no such element"));
        }
        double x = at.path("x").asDouble();
        double y = at.path("y").asDouble();
        command(
                "Input.dispatchMouseEvent",
                params().put("type", "mouseMoved").put("x", x).put("y", y));
        for (String type : List.of("mousePressed", "mouseReleased")) {
            command(
                    "Input.dispatchMouseEvent",
                    params().put("type", type)
                            .put("x", x)
                            .put("y", y)
                            .put("button", "left")
                            .put("clickCount", 1));
        }
    }

    /** Presses and releases {@code key} on whatever has the focus. */
    public void press(Key key) {
        ObjectNode down = params().put("type", key.text().isEmpty() ? "rawKeyDown" : "keyDown")
                .put("key", key.key())
                .put("code", key.code())
                .put("windowsVirtualKeyCode", key.keyCode())
                .put("nativeVirtualKeyCode", key.keyCode());
        if (!key.text().isEmpty()) {
            down.put("text", key.text());
        }
        command("Input.dispatchKeyEvent", down);
        command(
                "Input.dispatchKeyEvent",
                params().put("type", "keyUp")
                        .put("key", key.key())
                        .put("code", key.code())
                        .put("windowsVirtualKeyCode", key.keyCode())
                        .put("nativeVirtualKeyCode", key.keyCode()));
    }

    /** What went wrong in the page so far (exceptions, console errors, the browser's error log), in order. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Closes the tab. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        detachListeners();
        if (devTools.isOpen()) {
            devTools.call(
                    Optional.empty(),
                    "Target.closeTarget",
                    params().put("targetId", targetId),
                    Chromium.COMMAND_TIMEOUT);
        }
    }

    /** Stops listening without closing the tab: the browser is closing. */
    void detach() {
        closed.set(true);
        detachListeners();
    }

    private JsonNode evaluate(String expression, Duration timeout) {
        JsonNode answer = devTools.call(
                session,
                "Runtime.evaluate",
                params().put("expression", expression)
                        .put("returnByValue", true)
                        .put("awaitPromise", true)
                        .put("userGesture", true),
                timeout);
        JsonNode thrown = answer.get("exceptionDetails");
        if (thrown != null) {
            String what = thrown.path("exception")
                    .path("description")
                    .asString(thrown.path("text").asString());
            throw new BrowserFailure("the page threw " + what + " evaluating: " + shorten(expression));
        }
        JsonNode result = answer.path("result");
        return result.has("value") ? result.get("value") : DevTools.JSON.missingNode();
    }

    private static boolean isNavigationRace(BrowserFailure e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("Execution context was destroyed")
                || m.contains("Cannot find default execution context")
                || m.contains("Inspected target navigated or closed");
    }

    private JsonNode command(String method, ObjectNode params) {
        return devTools.call(session, method, params, Chromium.COMMAND_TIMEOUT);
    }

    private CompletableFuture<JsonNode> next(String method) {
        CompletableFuture<JsonNode> event = new CompletableFuture<>();
        Runnable unsubscribe = devTools.subscribe(session, method, event::complete);
        event.whenComplete((v, e) -> unsubscribe.run());
        return event;
    }

    private void listen() {
        subscriptions.add(devTools.subscribe(session, "Network.responseReceived", p -> {
            if ("Document".equals(p.path("type").asString(""))) {
                documentStatus.put(
                        p.path("loaderId").asString(""),
                        p.path("response").path("status").asInt());
            }
        }));
        subscriptions.add(devTools.subscribe(session, "Runtime.exceptionThrown", p -> {
            JsonNode d = p.path("exceptionDetails");
            problems.add("exception: "
                    + d.path("exception")
                            .path("description")
                            .asString(d.path("text").asString()));
        }));
        subscriptions.add(devTools.subscribe(session, "Runtime.consoleAPICalled", p -> {
            if ("error".equals(p.path("type").asString(""))) {
                List<String> parts = new ArrayList<>();
                for (JsonNode arg : p.path("args")) {
                    parts.add(
                            arg.has("value")
                                    ? arg.get("value").toString()
                                    : arg.path("description").asString(""));
                }
                problems.add("console.error: " + String.join(" ", parts));
            }
        }));
        subscriptions.add(devTools.subscribe(session, "Log.entryAdded", p -> {
            JsonNode entry = p.path("entry");
            if ("error".equals(entry.path("level").asString(""))) {
                problems.add(entry.path("source").asString("") + ": "
                        + entry.path("text").asString("")
                        + (entry.has("url") ? " (" + entry.get("url").asString() + ")" : ""));
            }
        }));
    }

    private void detachListeners() {
        subscriptions.forEach(Runnable::run);
        subscriptions.clear();
    }

    private static ObjectNode params() {
        return DevTools.JSON.createObjectNode();
    }

    private static String shorten(String expression) {
        return expression.length() > 200 ? expression.substring(0, 200) + "…" : expression;
    }
}
