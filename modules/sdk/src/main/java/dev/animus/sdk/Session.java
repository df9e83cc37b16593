package dev.animus.sdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One connection to the host: reads frames, answers the lifecycle methods itself, gates and
 * dispatches the plugin's methods, and decides when the plugin is done.
 *
 * <p>Phases: awaiting {@code initialize} → awaiting {@code initialized} → ready. Only in ready do
 * the plugin's methods run; before it they are answered {@code -32000}. {@code $/ping},
 * {@code health/check} and {@code shutdown} are answered in every phase. The session ends with
 * exit code 0 on the {@code exit} notification (at once) or end of stdin (after the requests
 * already running have been answered, for at most {@link #END_OF_INPUT_GRACE}), and with 1 when
 * stdin or stdout fails.
 *
 * <p>One reader thread dispatches; lifecycle answers are written from it, handlers run on their
 * own virtual threads. Used once.
 */
final class Session {

    /**
     * How long end of stdin waits for running handlers. Short: the host waits 2 s for the exit
     * after closing stdin; the grace is for a person piping a few requests in by hand.
     */
    static final Duration END_OF_INPUT_GRACE = Duration.ofSeconds(1);

    private enum Phase {
        AWAITING_INITIALIZE,
        AWAITING_INITIALIZED,
        READY
    }

    private final SdkPlugin plugin;
    private final Diagnostics diagnostics;
    private final FrameWriter writer;
    private final LongSupplier nanoTime;
    private final long startedNanos;
    private final ConcurrentHashMap<String, InFlightRequest> inFlight = new ConcurrentHashMap<>();
    private final Set<Thread> handlers = ConcurrentHashMap.newKeySet();
    private final CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    private volatile Phase phase = Phase.AWAITING_INITIALIZE;
    private volatile JsonNode initializeParams = Frames.object();

    /**
     * @param nanoTime a monotonic clock in nanoseconds, for {@code uptime_ms}
     */
    Session(SdkPlugin plugin, OutputStream out, PrintStream err, LongSupplier nanoTime) {
        this.plugin = plugin;
        this.diagnostics = new Diagnostics(err, plugin.definition().name());
        this.writer = new FrameWriter(out, diagnostics, () -> exitCode.complete(1));
        this.nanoTime = nanoTime;
        this.startedNanos = nanoTime.getAsLong();
    }

    /** Serves until the session ends; returns its exit code. Handlers still running are cancelled. */
    int serve(InputStream in) {
        PluginThreads.unstartedBlocking("reader", () -> readUntilEnd(in)).start();
        try {
            return exitCode.join();
        } finally {
            inFlight.values().forEach(InFlightRequest::cancel); // their answers are no longer written
        }
    }

    private void readUntilEnd(InputStream in) {
        int code = 0;
        try {
            new FrameReader(in, diagnostics, FrameReader.MAX_FRAME_BYTES).readAll(this::dispatch);
            awaitHandlers(END_OF_INPUT_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            diagnostics.warn("reading stdin failed: " + e.getMessage());
            code = 1;
        } catch (RuntimeException e) {
            diagnostics.warn("the reader stopped on a bug", e);
            code = 1;
        } finally {
            exitCode.complete(code);
        }
    }

    private void awaitHandlers(Duration grace) throws InterruptedException {
        long deadline = nanoTime.getAsLong() + grace.toNanos();
        for (Thread handler : Set.copyOf(handlers)) {
            long left = deadline - nanoTime.getAsLong();
            if (left <= 0 || exitCode.isDone()) {
                return;
            }
            handler.join(Duration.ofNanos(left));
        }
    }

    private void dispatch(JsonNode frame) {
        if (!(frame instanceof ObjectNode message)) {
            diagnostics.warn("ignored a frame that is not a JSON object: " + Diagnostics.excerpt(frame.toString()));
            return;
        }
        JsonNode id = message.get("id");
        JsonNode method = message.get("method");
        if (method != null && method.isString()) {
            JsonNode params = message.get("params");
            params = params == null || params.isNull() ? Frames.object() : params;
            if (id == null) {
                notification(method.stringValue(), params);
            } else if (isValidId(id)) {
                request(message, id, method.stringValue(), params);
            } else {
                fail(NullNode.getInstance(), PluginError.INVALID_REQUEST, "id must be an integer or a string");
            }
        } else if (id != null && (message.has("result") || message.has("error"))) {
            diagnostics.warn(
                    "dropped a response (nothing here waits for answers): " + Diagnostics.excerpt(frame.toString()));
        } else if (id != null && isValidId(id)) {
            fail(id, PluginError.INVALID_REQUEST, "not a JSON-RPC request: 'method' must be a string");
        } else {
            diagnostics.warn(
                    "ignored a frame that is not a JSON-RPC message: " + Diagnostics.excerpt(frame.toString()));
        }
    }

    private void request(ObjectNode frame, JsonNode id, String method, JsonNode params) {
        switch (method) {
            case "initialize" -> initialize(id, params);
            case "shutdown", "$/ping" -> writer.send(Frames.result(id, Frames.object()));
            default -> pluginMethod(frame, id, method, params);
        }
    }

    private void initialize(JsonNode id, JsonNode params) {
        if (phase != Phase.AWAITING_INITIALIZE) {
            fail(id, PluginError.INVALID_REQUEST, "initialize was already answered");
            return;
        }
        try {
            Handshake.check(params, plugin.definition().protocolVersion());
        } catch (PluginError e) {
            writer.send(Frames.error(id, e));
            return;
        }
        initializeParams = params;
        phase = Phase.AWAITING_INITIALIZED;
        writer.send(Frames.result(id, plugin.initializeResult()));
    }

    private void pluginMethod(ObjectNode frame, JsonNode id, String method, JsonNode params) {
        boolean healthCheck = method.equals("health/check");
        if (phase != Phase.READY && !healthCheck) {
            fail(
                    id,
                    PluginError.NOT_INITIALIZED,
                    "not initialized: '" + method + "' arrived before the initialized notification");
            return;
        }
        Route route = plugin.route(method);
        switch (route) {
            case Route.Handled(MethodHandler handler) -> start(id, method, params, handler);
            case Route.RawHandled(RawMethodHandler handler) -> startRaw(frame, id, method, handler);
            case Route.Unregistered() -> {
                if (healthCheck) {
                    writer.send(Frames.result(id, health()));
                } else {
                    fail(id, PluginError.METHOD_NOT_FOUND, "method not found: " + method);
                }
            }
        }
    }

    private void start(JsonNode id, String method, JsonNode params, MethodHandler handler) {
        String key = key(id);
        var call = new InFlightRequest(id, method, params, initializeParams, writer, diagnostics);
        if (inFlight.putIfAbsent(key, call) != null) {
            fail(id, PluginError.INVALID_REQUEST, "request id " + id + " is already in flight");
            return;
        }
        Thread thread = handlerThread(method, () -> complete(key, call, handler));
        call.runOn(thread);
        thread.start();
    }

    private void complete(String key, InFlightRequest call, MethodHandler handler) {
        JsonNode answer;
        try {
            answer = Frames.result(call.id(), Frames.toTree(handler.handle(call)));
        } catch (PluginError e) {
            answer = Frames.error(call.id(), e);
        } catch (Exception e) {
            // InterruptedException lands here too: the thread ends, so there is no flag to restore
            if (!call.isCancelled()) {
                diagnostics.warn("handler of '" + call.method() + "' failed", e);
            }
            answer = Frames.error(
                    call.id(),
                    new PluginError(PluginError.INTERNAL_ERROR, "internal error in " + call.method() + ": " + e));
        } finally {
            inFlight.remove(key, call);
        }
        if (!call.finish()) {
            answer = Frames.error(
                    call.id(), new PluginError(PluginError.REQUEST_CANCELLED, "request cancelled: " + call.method()));
        }
        Thread.interrupted(); // a cancellation's interrupt must not break the write of the answer
        if (!exitCode.isDone()) {
            writer.send(answer);
        }
    }

    private void startRaw(ObjectNode frame, JsonNode id, String method, RawMethodHandler handler) {
        handlerThread(method, () -> {
                    try {
                        handler.handle(frame, writer);
                    } catch (Exception e) {
                        diagnostics.warn("handler of '" + method + "' failed", e);
                        fail(id, PluginError.INTERNAL_ERROR, "internal error in " + method + ": " + e);
                    }
                })
                .start();
    }

    /** A handler thread, known to {@link #awaitHandlers} while it runs. */
    private Thread handlerThread(String method, Runnable body) {
        Thread thread = PluginThreads.unstarted(method, () -> {
            try {
                body.run();
            } finally {
                handlers.remove(Thread.currentThread());
            }
        });
        handlers.add(thread);
        return thread;
    }

    private void notification(String method, JsonNode params) {
        switch (method) {
            case "initialized" -> {
                if (phase == Phase.AWAITING_INITIALIZED) {
                    phase = Phase.READY;
                } else {
                    diagnostics.warn("ignored 'initialized' that did not follow a successful initialize");
                }
            }
            case "exit" -> exitCode.complete(0);
            case "$/cancelRequest" -> {
                JsonNode id = params.get("id");
                InFlightRequest call = id != null && isValidId(id) ? inFlight.get(key(id)) : null;
                if (call != null) {
                    call.cancel(); // an id that already finished, or never ran, is no error
                }
            }
            default -> pluginNotification(method, params);
        }
    }

    private void pluginNotification(String method, JsonNode params) {
        var handler = plugin.notificationHandler(method);
        if (handler.isEmpty()) {
            return; // notifications the plugin does not know are ignored (docs/protocol.md#messages)
        }
        if (phase != Phase.READY) {
            diagnostics.warn("dropped notification '" + method + "' that arrived before initialized");
            return;
        }
        try {
            handler.get().handle(params);
        } catch (Exception e) {
            diagnostics.warn("notification handler of '" + method + "' failed", e);
        }
    }

    private ObjectNode health() {
        ObjectNode h = Frames.object();
        h.put("status", "healthy");
        h.put("uptime_ms", (nanoTime.getAsLong() - startedNanos) / 1_000_000);
        return h;
    }

    private void fail(JsonNode id, int code, String message) {
        writer.send(Frames.error(id, new PluginError(code, message)));
    }

    private static boolean isValidId(JsonNode id) {
        return id.isString() || id.isIntegralNumber();
    }

    /** One key per id, whatever number type Jackson chose for it. */
    private static String key(JsonNode id) {
        return (id.isString() ? "s:" : "n:") + id.asString();
    }
}
