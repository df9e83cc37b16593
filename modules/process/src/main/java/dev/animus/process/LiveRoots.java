package dev.animus.process;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The roots of the trees this module started (plugins and probes) that the JDK has not reaped yet,
 * each with its start time in clock ticks since boot ({@code /proc/<pid>/stat} field 22).
 *
 * <p>{@link ProcessTree} tells an adopted orphan from a root by this registry, and attributes an
 * orphan to the roots that were running when it started. A root exists a moment before it is
 * registered, so a spawn counts itself in flight until it is: a search for orphans that read
 * {@code /proc} and then sees no spawn in flight knows every root of its scan is registered (a
 * spawn that began after that look forked after the scan). Thread-safe, lock-free.
 */
final class LiveRoots {
    private static final Map<Long, Long> START_TICKS = new ConcurrentHashMap<>();
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();

    private LiveRoots() {}

    /** Starts {@code pb} and registers the new process as a root. */
    static Process spawn(ProcessBuilder pb) throws IOException {
        Subreaper.active(); // before the first child: its orphans come to the JVM from the start
        IN_FLIGHT.incrementAndGet();
        try {
            Process p = pb.start();
            START_TICKS.put(p.pid(), ProcessTree.startTicks(p.pid()).orElse(0L));
            return p;
        } finally {
            IN_FLIGHT.decrementAndGet();
        }
    }

    /** Forgets {@code pid}, which the JDK has reaped (its pid may be reused from then on). */
    static void unregister(long pid) {
        START_TICKS.remove(pid);
    }

    /**
     * Forgets {@code p} once the JDK has reaped it: at once when it has, else on its exit (through
     * {@link Process#onExit()}, whose wait takes a common-pool thread: only for a process that
     * outlived its SIGKILL and the bound on it).
     */
    static void unregisterWhenReaped(Process p) {
        if (p.isAlive()) {
            p.onExit().thenRun(() -> unregister(p.pid()));
        } else {
            unregister(p.pid());
        }
    }

    /** The root's start time in ticks; 0 when it is unknown (then every orphan may be its). */
    static long startTicks(long pid) {
        return START_TICKS.getOrDefault(pid, 0L);
    }

    /**
     * The registry, to be taken after a scan of {@code /proc}: empty when a spawn is in flight,
     * since the scan may then hold a root not registered yet (the caller looks again later).
     */
    static Optional<Map<Long, Long>> afterScan() {
        if (IN_FLIGHT.get() > 0) {
            return Optional.empty();
        }
        return Optional.of(Map.copyOf(START_TICKS));
    }
}
