package dev.animus.testplugins;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RawOutput;
import dev.animus.sdk.RequestContext;
import java.io.File;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The handlers of {@link MisbehavingPlugin}; its javadoc lists what each one does. */
final class Misbehaviours {

    /** This is a plugin process: stderr is its own, and writing it is the behaviour under test. */
    private static final PrintStream STDERR = System.err;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final AtomicBoolean IGNORE_EXIT = new AtomicBoolean();
    /** The id of a {@code several-per-line} call waiting for its partner. */
    private static final AtomicReference<JsonNode> PARKED = new AtomicReference<>();

    private Misbehaviours() {}

    static Plugin.Builder register(Plugin.Builder builder) {
        return builder.method("crash", Misbehaviours::crash)
                .method("hang", Misbehaviours::hang)
                .rawMethod("garbage", Misbehaviours::garbage)
                .rawMethod("pretty", Misbehaviours::pretty)
                .rawMethod("several-per-line", Misbehaviours::severalPerLine)
                .method("big", r -> "x".repeat(intParam(r.params(), "bytes", 1 << 20)))
                .rawMethod("huge-frame", Misbehaviours::hugeFrame)
                .method("stderr-flood", Misbehaviours::stderrFlood)
                .method("notification-flood", Misbehaviours::notificationFlood)
                .method("slow", Misbehaviours::slow)
                .method("ignore-sigterm", Misbehaviours::ignoreSigterm)
                .method("fork-grandchild", r -> Map.of("pid", forkGrandchild()))
                .method("fork-grandchild-and-crash", Misbehaviours::forkGrandchildAndCrash)
                .rawMethod("wrong-id", Misbehaviours::wrongId)
                .rawMethod("duplicate-answer", Misbehaviours::duplicateAnswer)
                .rawMethod("request-host", Misbehaviours::requestHost)
                .method("echo", RequestContext::params)
                .method("env", r -> new TreeMap<>(System.getenv()))
                .method("stop-reading", Misbehaviours::stopReading)
                .method("stderr-bytes", Misbehaviours::stderrBytes)
                .method("leak-env", Misbehaviours::leakEnv);
    }

    /** Whether {@code stop-reading} was called: stdin is then no longer read (see {@link #gate}). */
    private static final AtomicBoolean STOP_READING = new AtomicBoolean();

    /**
     * Stdin as the sdk reads it, which stops handing out bytes once {@code stop-reading} was
     * called: the reader thread parks in its next read, forever, so the host's writes fill the pipe
     * and block.
     */
    static InputStream gate(InputStream stdin) {
        return new FilterInputStream(stdin) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                parkIfStopped();
                return super.read(b, off, len);
            }

            @Override
            public int read() throws IOException {
                parkIfStopped();
                return super.read();
            }
        };
    }

    private static void parkIfStopped() {
        while (STOP_READING.get()) {
            LockSupport.park();
            Thread.interrupted();
        }
    }

    private static Object stopReading(RequestContext request) {
        STOP_READING.set(true);
        return Map.of("stopped_reading", true);
    }

    /** Whether {@code ignore-sigterm} asked that exit and end of stdin be ignored too. */
    static boolean ignoresExit() {
        return IGNORE_EXIT.get();
    }

    private static Object crash(RequestContext request) {
        JsonNode text = request.params().path("stderr");
        if (text.isArray()) {
            text.forEach(line -> STDERR.println(line.asString()));
        } else {
            STDERR.println(text.asString("misbehaving plugin: crashing on purpose"));
        }
        return exitNow(intParam(request.params(), "exit_code", 3));
    }

    private static Object hang(RequestContext request) {
        while (true) {
            LockSupport.park();
            Thread.interrupted(); // a cancellation interrupts; this handler ignores it
        }
    }

    private static void garbage(JsonNode request, RawOutput out) {
        out.writeVerbatim("this line is not JSON\n");
        out.writeVerbatim("<<< neither is this >>>\n");
        // malformed on its own line; a frame cut off at a line end would instead continue into the
        // next line (pretty-printed frames are legal), which no reader can tell from a real frame
        out.writeVerbatim("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":}\n");
        out.send(answer(request.get("id"), object("after_garbage", true)));
    }

    private static void pretty(JsonNode request, RawOutput out) {
        ObjectNode result = object("pretty", true);
        result.putArray("lines").add(1).add(2).add(3);
        out.writeVerbatim(answer(request.get("id"), result).toPrettyString() + "\n");
    }

    private static void severalPerLine(JsonNode request, RawOutput out) {
        JsonNode id = request.get("id");
        if (request.path("params").path("with_notification").asBoolean(false)) {
            ObjectNode progress = NODES.objectNode();
            progress.set("id", id);
            progress.set("value", object("index", 0));
            out.writeVerbatim(answer(id, object("call", 1)) + " " + notification("$/progress", progress) + "\n");
            return;
        }
        while (true) {
            JsonNode parked = PARKED.getAndSet(null);
            if (parked != null) {
                // the sdk may start the two handlers in either order: the lower id is the first call
                boolean parkedFirst = parked.asLong() <= id.asLong();
                JsonNode first = parkedFirst ? parked : id;
                JsonNode second = parkedFirst ? id : parked;
                out.writeVerbatim(answer(first, object("call", 1))
                        + answer(second, object("call", 2)).toString() + "\n");
                return;
            }
            if (PARKED.compareAndSet(null, id)) {
                return; // answered when the partner arrives
            }
        }
    }

    private static void hugeFrame(JsonNode request, RawOutput out) {
        int bytes = intParam(request.path("params"), "bytes", 20 << 20);
        out.writeVerbatim("{\"jsonrpc\":\"2.0\",\"id\":\"nobody-waits\",\"result\":\"" + "y".repeat(bytes) + "\"}\n");
        out.send(answer(request.get("id"), object("after_huge_frame", true)));
    }

    private static Object stderrFlood(RequestContext request) {
        int lines = intParam(request.params(), "lines", 10_000);
        for (int i = 0; i < lines; i++) {
            STDERR.println("misbehaving plugin: stderr flood line " + i + " of " + lines);
        }
        return Map.of("lines", lines);
    }

    private static Object notificationFlood(RequestContext request) {
        int count = intParam(request.params(), "count", 10_000);
        for (int i = 0; i < count; i++) {
            request.progress(Map.of("index", i));
            request.notify("misbehaving/flood", Map.of("index", i));
        }
        return Map.of("notifications", 2 * count);
    }

    private static Object slow(RequestContext request) {
        int ms = intParam(request.params(), "ms", 500);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
            Thread.interrupted(); // the wait is the behaviour: an interrupt does not shorten it
        }
        return Map.of("slept_ms", ms);
    }

    private static Object ignoreSigterm(RequestContext request) throws ReflectiveOperationException {
        // sun.misc.Signal.handle(new Signal("TERM"), SignalHandler.SIG_IGN), reflectively: javac
        // warns about sun.misc on every use, and the build compiles with -Werror
        Class<?> signal = Class.forName("sun.misc.Signal");
        Class<?> handler = Class.forName("sun.misc.SignalHandler");
        signal.getMethod("handle", signal, handler)
                .invoke(
                        null,
                        signal.getConstructor(String.class).newInstance("TERM"),
                        handler.getField("SIG_IGN").get(null));
        IGNORE_EXIT.set(request.params().path("ignore_exit").asBoolean(false));
        return Map.of("ignoring", List.of("SIGTERM"));
    }

    private static Object forkGrandchildAndCrash(RequestContext request) throws IOException {
        forkGrandchild();
        return exitNow(intParam(request.params(), "exit_code", 3));
    }

    private static long forkGrandchild() throws IOException {
        Process sleeper = new ProcessBuilder("sleep", "3600")
                .redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.INHERIT) // holds the plugin's stdout pipe open
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        STDERR.println("misbehaving plugin: grandchild pid " + sleeper.pid());
        return sleeper.pid();
    }

    private static void wrongId(JsonNode request, RawOutput out) {
        JsonNode id = request.get("id");
        JsonNode wrong =
                id.isString() ? NODES.stringNode("wrong-" + id.asString()) : NODES.numberNode(id.asLong() + 1000);
        out.send(answer(wrong, object("wrong_id", true)));
    }

    private static void duplicateAnswer(JsonNode request, RawOutput out) {
        out.send(answer(request.get("id"), object("answer", 1)));
        out.send(answer(request.get("id"), object("answer", 2)));
    }

    private static void requestHost(JsonNode request, RawOutput out) {
        out.send(frame("id", "p1", "method", "host/whatever", "params", Map.of()));
        out.send(answer(request.get("id"), object("sent", "host/whatever")));
    }

    private static Object stderrBytes(RequestContext request) {
        long bytes = request.params().path("bytes").asLong(20L << 20);
        int lineBytes = Math.max(1, intParam(request.params(), "line_bytes", 1024));
        String fill = request.params().path("fill").asString("a");
        StringBuilder b = new StringBuilder(lineBytes);
        while (b.length() < lineBytes - 1) {
            b.append(fill);
        }
        b.setLength(lineBytes - 1);
        byte[] line = (b + "\n").getBytes(StandardCharsets.UTF_8);
        long written = 0;
        long lines = 0;
        for (; written + line.length <= bytes; written += line.length) {
            STDERR.write(line, 0, line.length);
            lines++;
        }
        STDERR.println("misbehaving plugin: wrote " + lines + " lines");
        STDERR.flush();
        return Map.of("lines", lines, "bytes", written);
    }

    private static Object leakEnv(RequestContext request) {
        String name = request.params().path("name").asString("SECRET");
        String value = String.valueOf(System.getenv(name));
        STDERR.println(
                "x".repeat(intParam(request.params(), "pad", 0)) + "misbehaving plugin: " + name + " is " + value);
        STDERR.flush();
        if (request.params().path("crash").asBoolean(false)) {
            return exitNow(3);
        }
        throw new PluginError(-32000, "the value of " + name + " is " + value);
    }

    private static Object exitNow(int code) {
        STDERR.flush();
        Runtime.getRuntime().halt(code); // mid-request: no answer, no shutdown hooks
        throw new AssertionError("unreachable");
    }

    private static int intParam(JsonNode params, String name, int fallback) {
        return params.path(name).asInt(fallback);
    }

    private static ObjectNode answer(JsonNode id, JsonNode result) {
        return frame("id", id, "result", result);
    }

    private static ObjectNode notification(String method, JsonNode params) {
        return frame("method", method, "params", params);
    }

    /** A JSON-RPC frame: {@code "jsonrpc": "2.0"}, then the name, value pairs {@code fields} in order. */
    private static ObjectNode frame(Object... fields) {
        ObjectNode frame = NODES.objectNode().put("jsonrpc", "2.0");
        for (int i = 0; i < fields.length; i += 2) {
            frame.set((String) fields[i], JSON.valueToTree(fields[i + 1]));
        }
        return frame;
    }

    private static ObjectNode object(String key, Object value) {
        return JSON.valueToTree(Map.of(key, value));
    }
}
