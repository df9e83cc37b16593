package dev.animus.plugins.http;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One started transport: the server, the shared control connection and the three event
 * subscriptions. States: serving (from {@link #start}) → closed ({@link #close}, idempotent: the
 * server first, ending every request and event stream, then the subscriptions, then the control
 * connection). Thread-safe.
 */
final class Serving implements AutoCloseable {
    /** How long an event stream may be silent before a keep-alive comment. */
    static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

    private final WebServer server;
    private final ControlLink link;
    private final Broadcast broadcast;
    private final List<Upstream> upstreams;
    private final Instant startedAt;

    private Serving(
            WebServer server, ControlLink link, Broadcast broadcast, List<Upstream> upstreams, Instant startedAt) {
        this.server = server;
        this.link = link;
        this.broadcast = broadcast;
        this.upstreams = upstreams;
        this.startedAt = startedAt;
    }

    /**
     * Listens on {@code bind} and subscribes to the daemon at {@code controlSocket}.
     *
     * @throws java.io.UncheckedIOException when the address cannot be bound or the files read
     */
    static Serving start(LoopbackBind bind, Path controlSocket, String token, InstantSource clock, PrintStream log) {
        WebFiles files = WebFiles.load();
        ControlLink link = new ControlLink(controlSocket);
        Broadcast broadcast = new Broadcast();
        WebServer server;
        try {
            server = new WebServer(bind, token, files, new RpcBridge(link), broadcast, KEEP_ALIVE);
        } catch (RuntimeException e) {
            link.close();
            throw e;
        }
        List<Upstream> upstreams = new ArrayList<>();
        for (Upstream.Kind kind : Upstream.Kind.values()) {
            Upstream u = new Upstream(kind, link, broadcast, clock, log);
            u.start();
            upstreams.add(u);
        }
        return new Serving(server, link, broadcast, List.copyOf(upstreams), clock.instant());
    }

    /**
     * {@code transport/start}'s and {@code transport/info}'s answer: {@code bound_addr},
     * {@code url}, {@code started_at}, and this transport's own {@code browsers} (event streams
     * open now) and {@code dropped} (event streams dropped for lagging so far).
     */
    ObjectNode endpoint() {
        String bound = server.boundAddr();
        return JsonNodeFactory.instance
                .objectNode()
                .put("bound_addr", bound)
                .put("url", "http://" + bound + "/")
                .put("started_at", startedAt.toString())
                .put("browsers", broadcast.size())
                .put("dropped", broadcast.dropped());
    }

    @Override
    public void close() {
        server.close();
        upstreams.forEach(Upstream::close);
        link.close();
    }
}
