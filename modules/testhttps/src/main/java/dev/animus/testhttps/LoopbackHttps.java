package dev.animus.testhttps;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real HTTPS server on {@code 127.0.0.1} and an ephemeral port, presenting the {@link TestCa}
 * certificate (valid for {@code 127.0.0.1} and {@code localhost}, so one server can play two hosts),
 * with exact-path routes and a log of every request. For tests only.
 *
 * <p>States: running (from {@link #start()}) → closed. {@link #close()} stops accepting, drops every
 * open connection, {@linkplain Handler#release() releases} blocked handlers and waits for the handler
 * threads (virtual, one per exchange) to end. Thread-safe.
 */
public final class LoopbackHttps implements AutoCloseable {
    private static final InetAddress LOOPBACK = loopbackV4();
    /** How long close waits for handler threads after releasing them; a handler still running is a bug. */
    private static final long HANDLER_EXIT_SECONDS = 10;

    private final HttpsServer server;
    private final ExecutorService handlers;
    private final Map<String, Handler> routes = new ConcurrentHashMap<>();
    private final List<Handler> everRouted = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private LoopbackHttps(HttpsServer server, ExecutorService handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    /** Starts a server with no routes: every path answers 404 until routed. */
    public static LoopbackHttps start() {
        ExecutorService handlers = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("loopback-https-", 0).factory());
        try {
            HttpsServer server = HttpsServer.create(new InetSocketAddress(LOOPBACK, 0), 0);
            server.setHttpsConfigurator(new HttpsConfigurator(TestCa.serverContext()));
            server.setExecutor(handlers);
            LoopbackHttps https = new LoopbackHttps(server, handlers);
            server.createContext("/", https::dispatch);
            server.start();
            return https;
        } catch (IOException e) {
            handlers.shutdownNow();
            throw new UncheckedIOException("could not bind an HTTPS server on 127.0.0.1", e);
        }
    }

    /** Answers requests for exactly {@code path} (query ignored) with {@code handler}; replaces an earlier route. */
    public LoopbackHttps route(String path, Handler handler) {
        Objects.requireNonNull(handler, "handler");
        everRouted.add(handler);
        routes.put(requirePath(path), handler);
        return this;
    }

    /** {@code https://127.0.0.1:<port><pathAndQuery>}. */
    public URI uri(String pathAndQuery) {
        return uri("127.0.0.1", pathAndQuery);
    }

    /** The same server under another name for loopback: {@code https://<host>:<port><pathAndQuery>}. */
    public URI uri(String host, String pathAndQuery) {
        if (host.isEmpty() || host.contains("/") || host.contains(":")) {
            throw new IllegalArgumentException("not a host name: " + host);
        }
        return URI.create("https://" + host + ":" + port() + requirePath(pathAndQuery));
    }

    /** The port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The path of every request received so far, in arrival order (routed or not). */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    /** Idempotent: stops the server, releases stalled handlers and waits for handler threads to end. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.stop(0); // no grace: stalled exchanges would hold it for the whole delay
        everRouted.forEach(Handler::release);
        handlers.shutdown();
        try {
            if (!handlers.awaitTermination(HANDLER_EXIT_SECONDS, TimeUnit.SECONDS)) {
                handlers.shutdownNow();
                throw new IllegalStateException("a handler of the loopback HTTPS server on port " + port()
                        + " still runs " + HANDLER_EXIT_SECONDS + " s after close");
            }
        } catch (InterruptedException e) {
            handlers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** 200 with {@code body} and its {@code Content-Length}. */
    public static Handler bytes(byte[] body) {
        byte[] copy = body.clone();
        return exchange -> send(exchange, 200, copy.length == 0 ? -1 : copy.length, copy);
    }

    /** 200 with {@code body} in chunked encoding: no {@code Content-Length}. */
    public static Handler chunked(byte[] body) {
        byte[] copy = body.clone();
        return exchange -> send(exchange, 200, 0, copy);
    }

    /** 200 with {@code json} as {@code application/json}, UTF-8, with its {@code Content-Length}. */
    public static Handler json(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            send(exchange, 200, body.length == 0 ? -1 : body.length, body);
        };
    }

    /** A redirect ({@code status} 3xx) to {@code location}, which may be relative; no body. */
    public static Handler redirect(URI location, int status) {
        if (status < 300 || status > 399) {
            throw new IllegalArgumentException("not a redirect status: " + status);
        }
        String target = location.toString();
        return exchange -> {
            exchange.getResponseHeaders().set("Location", target);
            exchange.sendResponseHeaders(status, -1);
        };
    }

    /**
     * Headers declaring {@code declaredLength}, then {@code sentFirst}, then nothing until the server
     * closes (which drops the connection): a body that stalls.
     */
    public static Handler stall(long declaredLength, byte[] sentFirst) {
        return new Stall(declaredLength, sentFirst);
    }

    /** Reads the request and answers nothing, not even a status line, until the server closes. */
    public static Handler hang() {
        return new Stall();
    }

    /** {@code status} with no body. */
    public static Handler status(int status) {
        return exchange -> exchange.sendResponseHeaders(status, -1);
    }

    /**
     * 200 declaring a {@code Content-Length} of {@code declared} and sending only {@code body}, then
     * dropping the connection: a client that trusts the header before reading must refuse it; one
     * that reads sees a truncated body.
     */
    public static Handler lyingLength(long declared, byte[] body) {
        if (declared <= body.length) {
            throw new IllegalArgumentException("a lie declares more than it sends: " + declared);
        }
        byte[] copy = body.clone();
        return exchange -> send(exchange, 200, declared, copy);
    }

    private void dispatch(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.add(path);
        try (exchange) {
            Handler handler = routes.get(path);
            if (handler == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                handler.handle(exchange);
            }
        }
    }

    private static void send(HttpExchange exchange, int status, long declared, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, declared);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String requirePath(String path) {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("a path starts with /: " + path);
        }
        return path;
    }

    private static InetAddress loopbackV4() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
