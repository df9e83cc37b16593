package dev.animus.hooks;

import dev.animus.core.HookId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Lifecycle events to their observers as {@code hook/event} notifications: one bounded queue and
 * one sender thread per plugin, started at its first event, so a slow or dead observer never delays
 * the host or another observer. An event that finds its queue full is dropped for that plugin and
 * counted. Thread-safe; {@link #close} stops the senders (queued events are dropped).
 */
final class EventQueues implements AutoCloseable {
    /** Events queued per plugin before new ones are dropped. */
    static final int CAPACITY = 256;

    private static final Logger LOG = LoggerFactory.getLogger(EventQueues.class);

    /** Put in a queue by {@link #close}: its sender stops there. */
    private static final JsonNode STOP = tools.jackson.databind.node.JsonNodeFactory.instance.nullNode();

    private final Handler.Resolver resolver;
    private final int capacity;
    private final Map<String, Sender> senders = new ConcurrentHashMap<>();
    private volatile boolean closed;

    EventQueues(Handler.Resolver resolver, int capacity) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.capacity = capacity;
    }

    /** Queues {@code params} for each of {@code observers}, dropping it for those whose queue is full. */
    EventDelivery offer(String event, List<String> observers, JsonNode params) {
        List<String> queued = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (String plugin : observers) {
            Sender s = closed ? null : senders.computeIfAbsent(plugin, this::start);
            if (s != null && s.queue.offer(params)) {
                queued.add(plugin);
            } else {
                if (s != null) {
                    s.drops.incrementAndGet();
                }
                dropped.add(plugin);
            }
        }
        return new EventDelivery(event, queued, dropped);
    }

    /** Events dropped so far, per plugin that observed any. */
    Map<String, Long> dropped() {
        Map<String, Long> out = new TreeMap<>();
        senders.forEach((p, s) -> out.put(p, s.drops.get()));
        return out;
    }

    /** Events sent so far, per plugin. */
    Map<String, Long> sent() {
        Map<String, Long> out = new TreeMap<>();
        senders.forEach((p, s) -> out.put(p, s.sent.get()));
        return out;
    }

    private Sender start(String plugin) {
        Sender s = new Sender(plugin, new ArrayBlockingQueue<>(capacity));
        Thread.ofVirtual().name("animus-hook-events-" + plugin).start(s::drain);
        return s;
    }

    /**
     * Stops the senders: queued events are dropped, an event being sent is finished (a sender is
     * never interrupted, so a launch it started completes as the supervisor's own).
     */
    @Override
    public void close() {
        closed = true;
        for (Sender s : senders.values()) {
            s.queue.clear();
            s.queue.offer(STOP);
        }
    }

    private final class Sender {
        final String plugin;
        final BlockingQueue<JsonNode> queue;
        final AtomicLong drops = new AtomicLong();
        final AtomicLong sent = new AtomicLong();

        Sender(String plugin, BlockingQueue<JsonNode> queue) {
            this.plugin = plugin;
            this.queue = queue;
        }

        void drain() {
            try {
                while (!closed) {
                    JsonNode params = queue.take();
                    if (params == STOP) {
                        return;
                    }
                    switch (resolver.resolve(plugin)) {
                        case Handler.Ready r -> {
                            if (r.supervisor().notifyLaunching(HookId.EVENT_METHOD, params)) {
                                sent.incrementAndGet();
                            } else {
                                drops.incrementAndGet();
                            }
                        }
                        case Handler.Refused r -> {
                            drops.incrementAndGet();
                            LOG.debug(
                                    "event for {} dropped: {}",
                                    plugin,
                                    r.abstention().detail());
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("the event sender of plugin {} stopped", plugin, e);
            }
        }
    }
}
