package dev.animus.daemon;

import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.Transports;
import dev.animus.transports.TransportEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's transports (docs/daemon.md#transports): started once the control socket is bound
 * (in the background: a transport's handshake may take 15 s), or by {@code transport/start} when
 * none runs; each start and stop published as {@code transport_started} / {@code transport_stopped}.
 *
 * <p>Thread-safe: one lock serialises starting and closing (a close waits for a start under way).
 * States: open → closed; {@link #close()} closes every transport and is idempotent.
 */
final class DaemonTransports implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonTransports.class);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** What starting them takes; the events go to {@code publish}. */
    record Start(
            Animus animus,
            Plugins plugins,
            Path projectRoot,
            Path controlSocket,
            String authToken,
            BiConsumer<String, ObjectNode> publish) {}

    private final Start s;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Transports current = Transports.none();
    private volatile boolean starting;
    private boolean closed; // guarded by lock

    DaemonTransports(Start start) {
        this.s = start;
    }

    /** Starts them on a thread of its own; what fails is logged. */
    void startInBackground() {
        starting = true; // before the thread runs: a list right after the daemon's start says so
        Thread.ofVirtual().name("animus-daemon-transports").start(() -> {
            try {
                start(Optional.empty());
            } catch (RuntimeException e) { // the state cannot be read now: the daemon serves without them
                LOG.warn("transports: none started: {}", e.getMessage());
            }
        });
    }

    /**
     * Starts them when none runs ({@code bindAddr}: the address each binds, else its table's or
     * loopback on a free port) and returns what runs; waits for a start under way.
     *
     * @throws IllegalStateException when the daemon is stopping
     */
    List<TransportEndpoint> start(Optional<String> bindAddr) {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the daemon is stopping");
            }
            if (current.endpoints().isEmpty()) {
                starting = true;
                Transports t = s.animus()
                        .startTransports(
                                s.plugins(), "default", s.projectRoot(), s.controlSocket(), bindAddr, s.authToken());
                current = t;
                for (TransportEndpoint e : t.endpoints()) {
                    ObjectNode f = JSON.objectNode().put("plugin", e.plugin());
                    e.url().map(URI::toString).ifPresentOrElse(u -> f.put("url", u), () -> f.putNull("url"));
                    f.put("bound_addr", e.boundAddr()).put("ui", e.ui());
                    s.publish().accept("transport_started", f);
                }
            }
            return current.endpoints();
        } finally {
            starting = false;
            lock.unlock();
        }
    }

    /** What runs now, UI first (never waits for a start). */
    List<TransportEndpoint> endpoints() {
        return current.endpoints();
    }

    /** Whether a start is under way. */
    boolean starting() {
        return starting;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            Transports t = current;
            current = Transports.none();
            try {
                t.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the transports failed: {}", e.getMessage());
            }
            for (TransportEndpoint e : t.endpoints()) {
                s.publish().accept("transport_stopped", JSON.objectNode().put("plugin", e.plugin()));
            }
        } finally {
            lock.unlock();
        }
    }
}
