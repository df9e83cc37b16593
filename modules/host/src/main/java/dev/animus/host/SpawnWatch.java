package dev.animus.host;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who is told of every plugin process the host spawns, the moment it exists: before its handshake,
 * on the launching thread (a daemon records it there, so that a daemon killed while a plugin is
 * still starting leaves a record of it for the next one to reap; docs/operations.md). A listener
 * that throws is logged and the launch goes on. Thread-safe.
 */
public final class SpawnWatch {
    private static final Logger LOG = LoggerFactory.getLogger(SpawnWatch.class);

    /** Told of one spawned process. Must not block for long: the plugin's launch waits for it. */
    @FunctionalInterface
    public interface Listener {
        void spawned(String plugin, long pid);
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    /** One per host ({@link PluginHost#onSpawn}). */
    SpawnWatch() {}

    /** Adds {@code listener} until the returned handle is closed. */
    public AutoCloseable add(Listener listener) {
        Objects.requireNonNull(listener, "listener");
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Tells every listener that {@code plugin} was spawned as {@code pid}. */
    void spawned(String plugin, long pid) {
        for (Listener l : listeners) {
            try {
                l.spawned(plugin, pid);
            } catch (RuntimeException e) {
                LOG.warn("plugin {}: a spawn listener failed on pid {}", plugin, pid, e);
            }
        }
    }
}
