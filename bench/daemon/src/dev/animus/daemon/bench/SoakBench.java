package dev.animus.daemon.bench;

import dev.animus.daemon.DaemonLink;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.runtime.PluginEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The daemon soak (not a test: run by bench/daemon/run.sh): drives a running daemon (another
 * process, from the tarball) through its control socket for a while and samples its VmRSS, threads
 * and open fds from /proc.
 *
 * <p>Load, all at once:
 * <ul>
 *   <li>{@code SEQUENTIAL} client threads, each on its own connection, calling {@code echo} on the
 *       busy plugin one call after another (a pause of {@code pause} ms between calls, so the
 *       machine stays usable), the answer checked; every 500th call a client closes its
 *       connection and opens a new one;
 *   <li>every 30 s a burst of {@code BURST} concurrent clients, each a fresh connection making 200
 *       calls as fast as it can, then closing;
 *   <li>every 20 s a crash: SIGKILL of the busy plugin's process (pid from {@code plugin/status}),
 *       then, once the daemon saw it, {@code plugin/reset} (so the crash window never disables it);
 *   <li>every 7 s 10 calls to the idle plugin, whose manifest says {@code timeouts.idle = "2s"}:
 *       it launches, answers, and shuts down idle before the next round.
 * </ul>
 * A failed call is counted by its type and message, not fatal (a call may meet a crash in a way the
 * host does not retry). Each sample prints one row; at the end the least-squares slope per hour of
 * each sampled figure, over all samples and over the second half (the first minutes hold the JIT's
 * and the heap's growth to their working size).
 *
 * <p>Args: {@code <socket> <daemon pid> <busy plugin> <idle plugin> <seconds> <sample seconds> <pause ms>}.
 */
public final class SoakBench {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int SEQUENTIAL = 4;
    private static final int BURST = 8;

    private final Path socket;
    private final String busy;
    private final String idle;
    private final long pauseMs;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final LongAdder calls = new LongAdder();
    private final LongAdder reconnects = new LongAdder();
    private final LongAdder bursts = new LongAdder();
    private final LongAdder crashes = new LongAdder();
    private final LongAdder idleRounds = new LongAdder();
    private final AtomicLong idleLaunches = new AtomicLong();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final AtomicLong seq = new AtomicLong();

    private SoakBench(Path socket, String busy, String idle, long pauseMs) {
        this.socket = socket;
        this.busy = busy;
        this.idle = idle;
        this.pauseMs = pauseMs;
    }

    public static void main(String[] args) throws Exception {
        Path socket = Path.of(args[0]);
        long daemonPid = Long.parseLong(args[1]);
        SoakBench soak = new SoakBench(socket, args[2], args[3], Long.parseLong(args[6]));
        long seconds = Long.parseLong(args[4]);
        long sampleSeconds = Long.parseLong(args[5]);
        soak.run(daemonPid, seconds, sampleSeconds);
    }

    private void run(long daemonPid, long seconds, long sampleSeconds) throws Exception {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < SEQUENTIAL; i++) {
            threads.add(Thread.ofPlatform().name("sequential-" + i).start(this::sequential));
        }
        threads.add(Thread.ofPlatform().name("bursts").start(() -> every(30_000, this::burst)));
        threads.add(Thread.ofPlatform().name("crashes").start(() -> every(20_000, this::crash)));
        threads.add(Thread.ofPlatform().name("idle").start(() -> every(7_000, this::idleRound)));

        List<double[]> samples = new ArrayList<>();
        long start = System.nanoTime();
        System.out.println("| t (min) | VmRSS (MiB) | threads | fds | calls | crashes | idle rounds (launches) | errors |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (long n = 0; ; n++) {
            long due = start + n * sampleSeconds * 1_000_000_000L;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            double minutes = (System.nanoTime() - start) / 60e9;
            long[] s = sample(daemonPid);
            samples.add(new double[] {minutes / 60.0, s[0] / 1024.0, s[1], s[2]});
            System.out.printf("| %.2f | %.1f | %d | %d | %d | %d | %d (%d) | %d |%n",
                    minutes, s[0] / 1024.0, s[1], s[2], calls.sum(), crashes.sum(), idleRounds.sum(),
                    idleLaunches.get(), errors.values().stream().mapToLong(LongAdder::sum).sum());
            if (n * sampleSeconds >= seconds) {
                break;
            }
        }
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
        System.out.println();
        System.out.printf("least-squares slope per hour over all %d samples: VmRSS %+.1f MiB/h, threads %+.1f /h, fds %+.1f /h%n",
                samples.size(), slope(samples, 1), slope(samples, 2), slope(samples, 3));
        List<double[]> late = samples.subList(samples.size() / 2, samples.size());
        System.out.printf("least-squares slope per hour over the second half (%d samples, warm): VmRSS %+.1f MiB/h, threads %+.1f /h, fds %+.1f /h%n",
                late.size(), slope(late, 1), slope(late, 2), slope(late, 3));
        System.out.printf("calls %d, reconnects %d, bursts %d, crashes (SIGKILL) %d, idle rounds %d (idle plugin launched %d times)%n",
                calls.sum(), reconnects.sum(), bursts.sum(), crashes.sum(), idleRounds.sum(), idleLaunches.get());
        if (errors.isEmpty()) {
            System.out.println("failed calls: none");
        } else {
            System.out.println("failed calls:");
            new TreeMap<>(errors).forEach((k, v) -> System.out.println("  " + v.sum() + " x " + k));
        }
        if (ProcessHandle.of(daemonPid).map(ProcessHandle::isAlive).orElse(false)) {
            System.out.println("daemon " + daemonPid + " still running");
        } else {
            System.out.println("daemon " + daemonPid + " is GONE");
            System.exit(1);
        }
    }

    private void sequential() {
        while (!stop.get()) {
            try (DaemonLink link = DaemonLink.connect(socket)) {
                PluginEndpoint p = link.plugin(link.resolve(busy, "default"));
                for (int i = 0; i < 500 && !stop.get(); i++) {
                    echo(p);
                    if (pauseMs > 0) {
                        Thread.sleep(pauseMs);
                    }
                }
                reconnects.increment(); // the next connection replaces this one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                error(e); // connecting or resolving failed: try again
            }
        }
    }

    private void burst() {
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            clients.add(Thread.ofPlatform().name("burst-" + i).start(() -> {
                try (DaemonLink link = DaemonLink.connect(socket)) {
                    PluginEndpoint p = link.plugin(link.resolve(busy, "default"));
                    for (int c = 0; c < 200 && !stop.get(); c++) {
                        echo(p);
                    }
                } catch (RuntimeException e) {
                    error(e);
                }
            }));
        }
        for (Thread t : clients) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        bursts.increment();
    }

    private void crash() {
        try (DaemonLink link = DaemonLink.connect(socket)) {
            OptionalLong pid = pidOf(link, busy);
            if (pid.isEmpty()) {
                return;
            }
            ProcessHandle.of(pid.getAsLong()).ifPresent(ProcessHandle::destroyForcibly);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (pidOf(link, busy).equals(pid) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            link.registered(busy).reset();
            crashes.increment();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            error(e);
        }
    }

    private long lastIdlePid = -1;

    private void idleRound() {
        try (DaemonLink link = DaemonLink.connect(socket)) {
            PluginEndpoint p = link.plugin(link.resolve(idle, "default"));
            for (int i = 0; i < 10; i++) {
                echo(p);
            }
            long pid = pidOf(link, idle).orElse(-1);
            if (pid != lastIdlePid) {
                idleLaunches.incrementAndGet();
                lastIdlePid = pid;
            }
            idleRounds.increment();
        } catch (RuntimeException e) {
            error(e);
        }
    }

    private void echo(PluginEndpoint p) {
        long n = seq.incrementAndGet();
        try {
            JsonNode r = p.call("echo", JSON.objectNode().put("seq", n).put("text", "soak"), CallOptions.defaults());
            if (r.path("seq").asLong(-1) != n) {
                error(new IllegalStateException("wrong answer: " + r));
            }
            calls.increment();
        } catch (RuntimeException e) {
            error(e);
        }
    }

    private void error(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        errors.computeIfAbsent(e.getClass().getSimpleName() + ": " + (m.length() > 160 ? m.substring(0, 160) : m),
                k -> new LongAdder()).increment();
    }

    private void every(long millis, Runnable action) {
        long next = System.currentTimeMillis() + millis;
        while (!stop.get()) {
            long wait = next - System.currentTimeMillis();
            if (wait <= 0) {
                action.run();
                next += millis;
                continue;
            }
            try {
                Thread.sleep(Math.min(wait, 200));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static OptionalLong pidOf(DaemonLink link, String name) {
        for (PluginStatus s : link.status()) {
            if (s.name().equals(name)) {
                return s.pid();
            }
        }
        return OptionalLong.empty();
    }

    /** VmRSS (kB), Threads and open fds of {@code pid}. */
    private static long[] sample(long pid) throws IOException {
        Path proc = Path.of("/proc", Long.toString(pid));
        long rss = -1;
        long threads = -1;
        for (String line : Files.readAllLines(proc.resolve("status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
            } else if (line.startsWith("Threads:")) {
                threads = Long.parseLong(line.substring(8).trim());
            }
        }
        long fds;
        try (Stream<Path> s = Files.list(proc.resolve("fd"))) {
            fds = s.count();
        }
        return new long[] {rss, threads, fds};
    }

    /** The least-squares slope of column {@code y} over column 0 (hours). */
    private static double slope(List<double[]> rows, int y) {
        int n = rows.size();
        if (n < 2) {
            return 0;
        }
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (double[] r : rows) {
            sx += r[0];
            sy += r[y];
            sxx += r[0] * r[0];
            sxy += r[0] * r[y];
        }
        double d = n * sxx - sx * sx;
        return d == 0 ? 0 : (n * sxy - sx * sy) / d;
    }
}
