package dev.animus.plugins.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP server of a started transport. Every request first passes the {@link Gate} (403, then
 * 401, or the 303 of a token login), then its route: {@code GET /} (index.html) and
 * {@code GET /assets/<name>} ({@link WebFiles}), {@code POST /rpc} ({@link RpcBridge}),
 * {@code GET /events} (a {@link Browser} of the {@link Broadcast}); anything else is 404 (405 for
 * another method on a route). Every answer carries the {@link #SECURITY_HEADERS}. States:
 * listening (from the constructor) → closed ({@link #close}, idempotent: every connection and
 * every event stream ends). Thread-safe.
 */
final class WebServer implements AutoCloseable {
    /** The largest {@code POST /rpc} body accepted. */
    static final int MAX_BODY = 1 << 20;

    /** The headers of every answer: no framing, no other origin's code, nothing cached or leaked. */
    static final String[][] SECURITY_HEADERS = {
        {"Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        {"Cache-Control", "no-store"},
    };

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpServer server;
    private final ExecutorService executor;
    private final Gate gate;
    private final WebFiles files;
    private final RpcBridge rpc;
    private final Broadcast broadcast;
    private final Duration keepAlive;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Binds {@code bind} and starts serving.
     *
     * @throws UncheckedIOException when the address cannot be bound (the message names it)
     */
    WebServer(LoopbackBind bind, String token, WebFiles files, RpcBridge rpc, Broadcast broadcast, Duration keepAlive) {
        this.files = Objects.requireNonNull(files, "files");
        this.rpc = Objects.requireNonNull(rpc, "rpc");
        this.broadcast = Objects.requireNonNull(broadcast, "broadcast");
        this.keepAlive = Objects.requireNonNull(keepAlive, "keepAlive");
        try {
            server = HttpServer.create(new InetSocketAddress(bind.address(), bind.port()), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on " + LoopbackBind.addressText(bind.address(), bind.port()) + ": " + e.getMessage(),
                    e);
        }
        this.gate = new Gate(token, server.getAddress().getPort());
        executor = Threads.perTask("http");
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code host:port} bound, e.g. {@code 127.0.0.1:40123}. */
    String boundAddr() {
        return LoopbackBind.addressText(
                server.getAddress().getAddress(), server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Headers out = exchange.getResponseHeaders();
            for (String[] h : SECURITY_HEADERS) {
                out.set(h[0], h[1]);
            }
            String method = exchange.getRequestMethod();
            switch (gate.check(method, exchange.getRequestURI(), exchange.getRequestHeaders())) {
                case Gate.Decision.Forbidden f -> text(exchange, 403, "forbidden: " + f.reason());
                case Gate.Decision.Unauthorized u ->
                    text(exchange, 401, "unauthorized: this page needs the daemon's web token");
                case Gate.Decision.Login l -> {
                    out.set("Set-Cookie", l.setCookie());
                    out.set("Location", l.location());
                    text(exchange, 303, "signed in; see " + l.location());
                }
                case Gate.Decision.Allow a ->
                    route(exchange, method, exchange.getRequestURI().getRawPath());
            }
        }
    }

    private void route(HttpExchange exchange, String method, String path) throws IOException {
        if (path.equals("/rpc")) {
            if (!method.equals("POST")) {
                notAllowed(exchange, "POST");
            } else {
                rpc(exchange);
            }
            return;
        }
        boolean read = method.equals("GET") || method.equals("HEAD");
        if (path.equals("/events")) {
            if (!method.equals("GET")) {
                notAllowed(exchange, "GET");
            } else {
                events(exchange);
            }
            return;
        }
        Optional<WebFiles.File> file = path.equals("/")
                ? files.file("index.html")
                : path.startsWith("/assets/") ? files.file(path.substring("/assets/".length())) : Optional.empty();
        if (file.isEmpty()) {
            text(exchange, 404, "not found: " + path);
        } else if (!read) {
            notAllowed(exchange, "GET, HEAD");
        } else {
            exchange.getResponseHeaders().set("Content-Type", file.get().contentType());
            byte[] bytes = file.get().bytes();
            if (method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Integer.toString(bytes.length));
                exchange.sendResponseHeaders(200, -1);
            } else {
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        }
    }

    private void rpc(HttpExchange exchange) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(Locale.ROOT).strip().matches("application/json\\s*(;.*)?")) {
            text(exchange, 415, "POST /rpc takes Content-Type: application/json");
            return;
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(MAX_BODY + 1);
        }
        if (body.length > MAX_BODY) {
            text(exchange, 413, "the body is over " + MAX_BODY + " bytes");
            return;
        }
        JsonNode request;
        try {
            request = JSON.readTree(body);
        } catch (JacksonException e) {
            json(exchange, RpcBridge.error(JSON.nullNode(), -32700, "not JSON: " + e.getOriginalMessage(), null));
            return;
        }
        json(exchange, rpc.answer(request));
    }

    private void events(HttpExchange exchange) throws IOException {
        Optional<Browser> browser = broadcast.join();
        if (browser.isEmpty()) {
            exchange.getResponseHeaders().set("Retry-After", "5");
            text(exchange, 503, "too many event streams at once (" + Broadcast.MAX_BROWSERS + ")");
            return;
        }
        try {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.sendResponseHeaders(200, 0);
            browser.get().serve(exchange.getResponseBody(), keepAlive);
        } finally {
            browser.get().leave();
        }
    }

    private static void notAllowed(HttpExchange exchange, String allow) throws IOException {
        exchange.getResponseHeaders().set("Allow", allow);
        text(exchange, 405, "method not allowed; this route takes " + allow);
    }

    private static void json(HttpExchange exchange, JsonNode answer) throws IOException {
        byte[] bytes = answer.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void text(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Stops listening; every event stream and connection ends, requests in progress are cut off. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        broadcast.close();
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
