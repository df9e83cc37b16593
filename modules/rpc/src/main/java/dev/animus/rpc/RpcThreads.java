package dev.animus.rpc;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The only place in this module that creates threads.
 *
 * <ul>
 *   <li><b>Reader threads</b>, one per connection: platform daemon threads by default. Measured on
 *       the 2-core reference machine (docs/performance.md), a platform reader blocked in
 *       {@code read()} on a pipe wakes faster than a virtual one, whose blocking file read pins
 *       or compensates its carrier and adds a hand-off. {@code -Danimus.rpc.reader=virtual}
 *       switches, for measurements.
 *   <li><b>The timer</b>: one daemon platform thread shared by every connection, for request
 *       deadlines and write watchdogs. Its tasks never block and never run user code: they hand
 *       completions to short-lived virtual threads. Its queue holds at most one watchdog per
 *       connection plus, per connection, one deadline check per time a strictly earlier deadline
 *       appeared, so it stays small.
 *   <li><b>Short tasks</b> on virtual threads: completing timed-out calls, sending
 *       {@code $/cancelRequest} for them, closing a stream a blocked write holds.
 * </ul>
 */
final class RpcThreads {
    private static final boolean VIRTUAL_READERS =
            "virtual".equals(System.getProperty("animus.rpc.reader", "platform"));

    private RpcThreads() {}

    /** An unstarted reader thread for the connection to {@code peerName}. */
    static Thread newReader(String peerName, Runnable body) {
        String name = "animus-rpc-reader-" + peerName;
        return VIRTUAL_READERS
                ? Thread.ofVirtual().name(name).unstarted(body)
                : Thread.ofPlatform().name(name).daemon(true).unstarted(body);
    }

    /** Runs a short task on a new virtual thread. */
    static void runTask(String name, Runnable body) {
        Thread.ofVirtual().name(name).start(body);
    }

    /** The shared timer. */
    static ScheduledExecutorService timer() {
        return Timer.INSTANCE;
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
