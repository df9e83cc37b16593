package dev.animus.plugins.schedule;

import dev.animus.sdk.PluginError;
import dev.animus.sdk.RawOutput;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin's one watch: {@code trigger/watch} checks the config, answers {@code {}}, and then
 * runs a {@link ScheduleLoop} on a thread of its own that sends each firing as a
 * {@code trigger/event} (a later watch replaces it); {@code trigger/ack}s are counted by status.
 * States: idle, watching, closed ({@link #close}, idempotent: the loop stops). Thread-safe.
 */
final class Watch implements AutoCloseable {
    private final InstantSource clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Long> acks = new TreeMap<>();
    private ClockWakeup wakeup;
    private RawOutput out;
    private boolean closed;

    Watch(InstantSource clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@code trigger/watch {cursor?, config?}}: the whole request frame; answers it on {@code output}. */
    void watch(JsonNode request, RawOutput output) {
        JsonNode id = request.path("id");
        JsonNode params = request.path("params");
        lock.lock();
        try {
            List<Schedule> schedules = ScheduleConfig.schedules(params.path("config"));
            Map<String, Instant> cursor = Map.of();
            String cursorProblem = null;
            try {
                cursor = ScheduleConfig.cursor(params.path("cursor"));
            } catch (IllegalArgumentException e) {
                cursorProblem = e.getMessage();
            }
            stop();
            if (closed) {
                throw new PluginError(PluginError.INTERNAL_ERROR, "the plugin is shutting down");
            }
            out = output;
            output.send(frame(id).set("result", JsonNodeFactory.instance.objectNode()));
            if (cursorProblem != null) {
                log(output, "warn", cursorProblem + "; starting without it (no catch-up)");
            }
            log(output, "info", "watching " + schedules.size() + " schedule(s)");
            Firings firings = new Firings(schedules, cursor, clock.instant());
            ClockWakeup w = new ClockWakeup(clock);
            wakeup = w;
            ScheduleLoop loop =
                    new ScheduleLoop(firings, clock, w, event -> output.send(notification("trigger/event", event)));
            Threads.start("loop", loop::run);
        } catch (PluginError e) {
            ObjectNode f = frame(id);
            f.putObject("error").put("code", e.code()).put("message", e.message());
            output.send(f);
        } finally {
            lock.unlock();
        }
    }

    /** {@code trigger/ack {event_id, status}}: counted; a {@code failed} one is logged. */
    void ack(JsonNode params) {
        String status = params.path("status").asString("");
        RawOutput to;
        lock.lock();
        try {
            acks.merge(status.isEmpty() ? "(none)" : status, 1L, Long::sum);
            to = out;
        } finally {
            lock.unlock();
        }
        if (status.equals("failed") && to != null) {
            log(
                    to,
                    "warn",
                    "the host failed to dispatch " + params.path("event_id").asString(""));
        }
    }

    /** How many acks arrived, by status. */
    Map<String, Long> acks() {
        lock.lock();
        try {
            return Map.copyOf(acks);
        } finally {
            lock.unlock();
        }
    }

    private void stop() {
        if (wakeup != null) {
            wakeup.close();
            wakeup = null;
        }
    }

    static void log(RawOutput output, String level, String message) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("level", level);
        p.put("message", message);
        p.put("target", SchedulePlugin.NAME);
        output.send(notification("log/entry", p));
    }

    private static ObjectNode notification(String method, ObjectNode params) {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("jsonrpc", "2.0");
        f.put("method", method);
        f.set("params", params);
        return f;
    }

    private static ObjectNode frame(JsonNode id) {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("jsonrpc", "2.0");
        f.set("id", id);
        return f;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            stop();
        } finally {
            lock.unlock();
        }
    }
}
