package dev.animus.plugins.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP listener of one watch: every request to {@code config.path()} is checked in this order
 * and answered 404 (another path), 405 (not POST), 413 (a body over {@link #MAX_BODY}), 401 (no or
 * a wrong {@code X-Hub-Signature-256}), 400 (no {@code X-GitHub-Delivery}) or, after its event
 * was handed to {@code events}, 202. No event is emitted for any other answer. States: listening
 * (from the constructor), then closed ({@link #close}, idempotent). Thread-safe.
 */
final class WebhookServer implements AutoCloseable {
    /** The largest body accepted: GitHub caps its payloads at 25 MB, but issue and PR events are small. */
    static final int MAX_BODY = 1 << 20;

    private final HttpServer server;
    private final ExecutorService executor;
    private final WebhookConfig config;
    private final Signature signature;
    private final Consumer<ObjectNode> events;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Binds {@code config}'s address and port and starts serving.
     *
     * @param events receives each accepted delivery's {@code trigger/event} params, on a handler
     *     thread, before the 202 is sent
     * @throws UncheckedIOException when the address cannot be bound (the message names it)
     */
    WebhookServer(WebhookConfig config, Signature signature, Consumer<ObjectNode> events) {
        this.config = Objects.requireNonNull(config, "config");
        this.signature = Objects.requireNonNull(signature, "signature");
        this.events = Objects.requireNonNull(events, "events");
        InetSocketAddress at = new InetSocketAddress(config.address(), config.port());
        try {
            server = HttpServer.create(at, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on " + config.bind() + ":" + config.port() + ": " + e.getMessage(), e);
        }
        executor = Threads.perTask("http");
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Where deliveries are posted: {@code http://<bind>:<bound port><path>}. */
    String url() {
        String host = server.getAddress().getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + server.getAddress().getPort() + config.path();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals(config.path())) {
                answer(exchange, 404, "no webhook here; deliveries go to " + config.path());
                return;
            }
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                answer(exchange, 405, "deliveries are POSTed");
                return;
            }
            Optional<byte[]> read = body(exchange);
            if (read.isEmpty()) {
                answer(exchange, 413, "the body is over " + MAX_BODY + " bytes");
                return;
            }
            byte[] body = read.get();
            if (!signature.verifies(exchange.getRequestHeaders().getFirst(Signature.HEADER), body)) {
                answer(exchange, 401, "no or a wrong " + Signature.HEADER + " signature");
                return;
            }
            String id = exchange.getRequestHeaders().getFirst(Delivery.ID_HEADER);
            if (id == null || id.isBlank()) {
                answer(exchange, 400, "no " + Delivery.ID_HEADER + " header");
                return;
            }
            String event = exchange.getRequestHeaders().getFirst(Delivery.EVENT_HEADER);
            Delivery d = new Delivery(id.strip(), event == null || event.isBlank() ? "unknown" : event.strip(), body);
            events.accept(d.eventParams(config));
            answer(exchange, 202, "accepted " + d.id());
        }
    }

    /**
     * The body; empty when it is over {@link #MAX_BODY}. At most one byte more than that is read,
     * whatever the {@code Content-Length} says, so a sender that writes the whole body before it
     * reads the answer gets its 413 (not a reset connection) for any body up to that size.
     */
    private static Optional<byte[]> body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            return body.length > MAX_BODY ? Optional.empty() : Optional.of(body);
        }
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Stops listening at once; requests in progress are cut off. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.stop(0);
        executor.close();
    }
}
