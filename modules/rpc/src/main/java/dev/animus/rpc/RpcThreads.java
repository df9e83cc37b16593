package dev.animus.rpc;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The only place in this module that creates threads.
 *
 * <ul>
 *   <li><b>Reader threads</b>, one per connection: virtual threads when the process may use more
 *       than one CPU, platform threads when it is confined to one. Measured on the 2-vCPU
 *       reference VM (docs/performance.md): unpinned, a virtual reader gave the better latency
 *       and throughput (sequential p50 8-12 µs against 22-26 µs, pipelined 510-680 thousand
 *       responses/s against 380-410 thousand), as the carrier pool keeps a vCPU busy around the
 *       blocking pipe read and spares a wake-up of a halted vCPU per message; pinned to one CPU,
 *       where that compensation is pure cost, the platform reader wins (6 µs against 11 µs).
 *       {@code -Danimus.rpc.reader=platform|virtual} overrides the choice, for measurements.
 *       At most {@value #VIRTUAL_READER_LIMIT} readers are virtual at once; later ones are platform
 *       threads ({@code -Danimus.rpc.virtualReaders=N} changes the limit, for measurements). A virtual thread blocked in a pipe read holds its carrier (the JDK compensates
 *       with one more carrier, up to {@code jdk.virtualThreadScheduler.maxPoolSize}, 256), so
 *       ~130 plugins (a reader and a stderr drain each) used to take every carrier: no virtual
 *       thread ran any more, not even the completion of a timed-out call, and the host hung
 *       (found by bench/many with 200 plugins).
 *   <li><b>The timer</b>: one daemon platform thread shared by every connection, for request
 *       deadlines and write watchdogs. Its tasks never block and never run user code: they hand
 *       completions to short-lived virtual threads. Its queue holds at most one watchdog per
 *       connection plus, per connection, one deadline check per time a strictly earlier deadline
 *       appeared, so it stays small.
 *   <li><b>Handler threads</b>, one per request from the peer that a {@link RequestHandler}
 *       answers (the server role); at most {@link Handlers#maxInFlight()} per connection run at
 *       once. A handler may block for as long as its stream lasts. A new virtual thread each when
 *       the process may use more than one CPU; confined to one, a pooled platform thread (a
 *       sequential client reuses the same one): there the virtual threads' carrier pool spins
 *       before it parks, on the one CPU the reader, the plugin and the caller need
 *       (docs/performance.md#the-daemon-benchdaemon-issue-20). {@code -Danimus.rpc.handler=platform|virtual} overrides
 *       the choice, for measurements.
 *   <li><b>Short tasks</b> on virtual threads: completing timed-out calls, sending
 *       {@code $/cancelRequest} for them, closing a stream a blocked write holds, completing a
 *       cancelled incoming request's {@code whenCancelled} (its dependents are handler code).
 * </ul>
 */
final class RpcThreads {
    private static final boolean VIRTUAL_READERS = switch (System.getProperty("animus.rpc.reader", "")) {
        case "virtual" -> true;
        case "platform" -> false;
        default -> Runtime.getRuntime().availableProcessors() > 1;
    };

    private static final boolean VIRTUAL_HANDLERS = switch (System.getProperty("animus.rpc.handler", "")) {
        case "virtual" -> true;
        case "platform" -> false;
        default -> Runtime.getRuntime().availableProcessors() > 1;
    };

    /** The most readers that are virtual threads at once (a small share of the JDK's 256 carriers). */
    static final int VIRTUAL_READER_LIMIT = 64;
    /** {@link #VIRTUAL_READER_LIMIT}, or {@code -Danimus.rpc.virtualReaders=N} for measurements. */
    private static final int VIRTUAL_READERS_AT_MOST =
            Integer.getInteger("animus.rpc.virtualReaders", VIRTUAL_READER_LIMIT);

    private static final AtomicInteger LIVE_VIRTUAL_READERS = new AtomicInteger();

    private RpcThreads() {}

    /**
     * An unstarted reader thread for the connection to {@code peerName}: virtual while fewer than
     * {@link #VIRTUAL_READER_LIMIT} virtual readers run (and virtual readers are chosen at all),
     * else a platform thread. The caller must start it: a virtual reader holds its place in the
     * limit until its body returns.
     */
    static Thread newReader(String peerName, Runnable body) {
        String name = "animus-rpc-reader-" + peerName;
        if (VIRTUAL_READERS) {
            if (LIVE_VIRTUAL_READERS.incrementAndGet() <= VIRTUAL_READERS_AT_MOST) {
                return Thread.ofVirtual().name(name).unstarted(() -> {
                    try {
                        body.run();
                    } finally {
                        LIVE_VIRTUAL_READERS.decrementAndGet();
                    }
                });
            }
            LIVE_VIRTUAL_READERS.decrementAndGet();
        }
        return Thread.ofPlatform().name(name).daemon(true).unstarted(body);
    }

    /**
     * Starts the handler of one request from {@code peerName}: on a new virtual thread, or, when the
     * process is confined to one CPU, on a pooled platform thread (see the class comment).
     */
    static void startHandler(String peerName, String method, Runnable body) {
        if (VIRTUAL_HANDLERS) {
            Thread.ofVirtual()
                    .name("animus-rpc-handler-" + peerName + "-" + method)
                    .start(body);
        } else {
            HandlerPool.INSTANCE.execute(body);
        }
    }

    /** Runs a short task on a new virtual thread. */
    static void runTask(String name, Runnable body) {
        Thread.ofVirtual().name(name).start(body);
    }

    /** The shared timer. */
    static ScheduledExecutorService timer() {
        return Timer.INSTANCE;
    }

    /**
     * The platform threads that run handlers when handlers are not virtual: as many as run at once,
     * each kept a minute after its last request, so a sequential client reuses one thread.
     */
    private static final class HandlerPool {
        static final ThreadPoolExecutor INSTANCE = new ThreadPoolExecutor(
                0,
                Integer.MAX_VALUE,
                60,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                Thread.ofPlatform().name("animus-rpc-handler-", 0).daemon(true).factory());
    }

    private static final class Timer {
        static final ScheduledThreadPoolExecutor INSTANCE = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(
                    1, Thread.ofPlatform().name("animus-rpc-timer").daemon(true).factory());
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }
}
