package dev.animus.plugins.webhook;

import dev.animus.sdk.PluginError;
import dev.animus.sdk.RawOutput;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin's one watch: {@code trigger/watch} binds a {@link WebhookServer} (replacing the one
 * of an earlier watch), answers with the URL it listens on, and from then on sends one
 * {@code trigger/event} per accepted delivery; {@code trigger/ack}s from the host are counted by
 * status. States: idle, watching (after a watch), closed ({@link #close}, idempotent: the server
 * stops). Thread-safe.
 */
final class Listener implements AutoCloseable {
    static final String SECRET_NAME = "webhook_secret";
    static final String SECRET_ENV = "ANIMUS_WEBHOOK_SECRET";

    private final Map<String, String> environment;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Long> acks = new TreeMap<>();
    private WebhookServer server;
    private RawOutput out;
    private boolean closed;

    /** @param environment where the secret is read, the process environment in the plugin */
    Listener(Map<String, String> environment) {
        this.environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
    }

    /** {@code trigger/watch {cursor?, config?}}: the whole request frame; answers it on {@code output}. */
    void watch(JsonNode request, RawOutput output) {
        JsonNode id = request.path("id");
        CompletableFuture<Void> answered = new CompletableFuture<>();
        lock.lock();
        try {
            WebhookConfig config = WebhookConfig.of(request.path("params").path("config"));
            Signature signature = new Signature(secret());
            if (server != null) {
                server.close();
                server = null;
            }
            if (closed) {
                throw new PluginError(PluginError.INTERNAL_ERROR, "the plugin is shutting down");
            }
            out = output;
            server = new WebhookServer(config, signature, event -> {
                answered.join(); // no event before the answer of the watch it belongs to
                output.send(notification("trigger/event", event));
            });
            String url = server.url();
            ObjectNode result = JsonNodeFactory.instance.objectNode().put("listening", url);
            output.send(answer(id).set("result", result));
            answered.complete(null);
            log(output, "info", "listening on " + url);
        } catch (PluginError e) {
            output.send(error(id, e.code(), e.message()));
        } catch (UncheckedIOException e) {
            output.send(error(id, PluginError.INTERNAL_ERROR, e.getMessage()));
        } finally {
            answered.complete(null);
            lock.unlock();
        }
    }

    /** {@code trigger/ack {event_id, status}}: counted; a {@code failed} one is logged. */
    void ack(JsonNode params) {
        String status = params.path("status").asString("");
        String eventId = params.path("event_id").asString("");
        RawOutput to;
        lock.lock();
        try {
            acks.merge(status.isEmpty() ? "(none)" : status, 1L, Long::sum);
            to = out;
        } finally {
            lock.unlock();
        }
        if (status.equals("failed") && to != null) {
            log(to, "warn", "the host failed to dispatch delivery " + eventId);
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

    private String secret() {
        return Optional.ofNullable(environment.get(SECRET_ENV))
                .filter(s -> !s.isEmpty())
                .orElseThrow(() -> new PluginError(
                        PluginError.INVALID_PARAMS,
                        "the secret " + SECRET_NAME + " is not set (" + SECRET_ENV + " is empty): set it with"
                                + " 'animus secret set " + WebhookPlugin.NAME + " " + SECRET_NAME + "' (or export "
                                + SECRET_ENV + "), the same secret as the sender's webhook settings",
                        JsonNodeFactory.instance.objectNode().put("category", "secret_missing")));
    }

    static void log(RawOutput output, String level, String message) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("level", level);
        p.put("message", message);
        p.put("target", WebhookPlugin.NAME);
        output.send(notification("log/entry", p));
    }

    private static ObjectNode notification(String method, ObjectNode params) {
        ObjectNode frame = JsonNodeFactory.instance.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.put("method", method);
        frame.set("params", params);
        return frame;
    }

    private static ObjectNode answer(JsonNode id) {
        ObjectNode frame = JsonNodeFactory.instance.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.set("id", id);
        return frame;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode frame = answer(id);
        frame.putObject("error").put("code", code).put("message", message);
        return frame;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (server != null) {
                server.close();
                server = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
