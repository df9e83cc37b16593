package dev.animus.runtime.bench;

import dev.animus.core.HostHello;
import dev.animus.core.ProcessState;
import dev.animus.core.TimeoutTable;
import dev.animus.host.CallOptions;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.PluginStatus;
import dev.animus.host.Supervisor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Many plugins at once (not a test: run by bench/many/run.sh): one {@link PluginHost} with N live
 * copies of the native echo plugin, all launched and handshaken. Measures the host's RSS
 * ({@code VmRSS}), platform threads, and CPU over an idle window (every plugin Ready and idle:
 * {@code /proc/self/stat} utime + stime, and the same for the plugin processes), then sequential
 * {@code Supervisor.ping} ({@code $/ping}) round trips against a host with a single plugin, in
 * alternating blocks so all see the same machine: to one plugin of the N at a time (a block of
 * pings to the same plugin, the next block to another: "any of them", sequentially), and to a
 * random plugin of the N for every ping (each ping then meets a process whose caches went cold,
 * which costs the operating system more than the host: raw_many.c measures that floor). Prints
 * "key value" lines; exits 1 when a plugin is not Ready, the host used more than 1% of a CPU in
 * each idle window, the p50 to one plugin of the N exceeds 2 × the single plugin's, or a plugin
 * process outlives the host's close.
 *
 * <p>Args: {@code <echo plugin> <plugins> <idle seconds> <warm-up pings> <pings per host>}.
 */
public final class ManyBench {
    private static final HostHello HELLO = HostHello.animus("many");
    private static final int BLOCK = 1000;
    /** Idle windows measured one after another: a one-off (a late JIT compilation) shows in one only. */
    private static final int IDLE_WINDOWS = 3;
    private static final long SETTLE_MS = 3000;
    /** Of one CPU, in the quietest idle window. */
    private static final double IDLE_CPU_PERCENT_AT_MOST = 1.0;
    private static final CallOptions PING = CallOptions.defaults().withTimeout(Duration.ofSeconds(10));

    private ManyBench() {}

    public static void main(String[] args) throws Exception {
        Path plugin = Path.of(args[0]);
        int plugins = Integer.parseInt(args[1]);
        int idleSeconds = Integer.parseInt(args[2]);
        int warmup = Integer.parseInt(args[3]);
        int pings = Integer.parseInt(args[4]);
        LaunchSpec spec = LaunchSpec.of(plugin, List.of(), System.getenv());
        boolean failed = false;

        PluginHost single = PluginHost.create(PluginHost.Options.defaults(HELLO));
        PluginHost many = PluginHost.create(PluginHost.Options.defaults(HELLO));
        try {
            Supervisor alone = single.register(new PluginRegistration("alone", spec, TimeoutTable.defaults()));
            alone.ping(PING);
            long rssBefore = ProcFacts.statusKb("VmRSS");
            int threadsBefore = ProcFacts.threads();
            System.out.println("before rss-kib " + rssBefore + " threads " + threadsBefore);

            List<Supervisor> all = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < plugins; i++) {
                Supervisor s = many.register(new PluginRegistration(String.format("echo-%03d", i), spec,
                        TimeoutTable.defaults()));
                s.ping(PING); // launches it: spawn, handshake, one round trip
                all.add(s);
            }
            System.out.printf("launch-all seconds %.2f%n", (System.nanoTime() - t0) / 1e9);
            long ready = many.status().stream().filter(s -> s.state() == ProcessState.READY).count();
            List<Long> pids = many.status().stream().map(PluginStatus::pid).filter(p -> p.isPresent())
                    .map(p -> p.getAsLong()).toList();
            System.out.println("ready " + ready + " of " + plugins + " live-pids " + pids.size());
            failed |= ready != plugins || pids.size() != plugins;

            System.gc();
            Thread.sleep(SETTLE_MS); // let the launches' stragglers (reapers, JIT) settle
            long rss = ProcFacts.statusKb("VmRSS");
            int threads = ProcFacts.threads();
            System.out.println("after rss-kib " + rss + " threads " + threads);
            System.out.println("thread-names " + ProcFacts.threadNames());

            long hz = 100; // USER_HZ: the unit of /proc/*/stat times on Linux
            // the readings below get JIT-compiled while they are hot: before the windows, not in them
            for (int i = 0; i < 200; i++) {
                ProcFacts.busiest(ProcFacts.threadCpuNanos(), ProcFacts.threadCpuNanos(), 4);
                pluginTicks(pids);
                ProcFacts.cpuTicks();
            }
            Thread.sleep(SETTLE_MS);
            double quietest = Double.MAX_VALUE;
            for (int window = 1; window <= IDLE_WINDOWS; window++) {
                // the readings of the other figures stay outside the host's own window
                Map<String, Long> threadCpu0 = ProcFacts.threadCpuNanos();
                long pluginTicks0 = pluginTicks(pids);
                long hostTicks0 = ProcFacts.cpuTicks();
                long w0 = System.nanoTime();
                Thread.sleep(idleSeconds * 1000L);
                long hostTicks = ProcFacts.cpuTicks() - hostTicks0;
                double wall = (System.nanoTime() - w0) / 1e9;
                long pluginTicks = pluginTicks(pids) - pluginTicks0;
                Map<String, Long> threadCpu = ProcFacts.threadCpuNanos();
                threadCpu0.keySet().removeIf(k -> k.startsWith("main#") || k.startsWith("java#"));
                threadCpu.keySet().removeIf(k -> k.startsWith("main#") || k.startsWith("java#"));
                System.out.printf("idle-window %d seconds %.1f host-cpu-ms %d host-cpu-percent %.3f plugins-cpu-ms %d"
                        + " busiest-threads %s%n", window, wall, hostTicks * 1000 / hz, 100.0 * hostTicks / hz / wall,
                        pluginTicks * 1000 / hz, ProcFacts.busiest(threadCpu0, threadCpu, 4));
                quietest = Math.min(quietest, 100.0 * hostTicks / hz / wall);
            }
            failed |= quietest > IDLE_CPU_PERCENT_AT_MOST; // a busy loop or a poller shows in every window

            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < warmup; i++) {
                alone.ping(PING);
                all.get(random.nextInt(plugins)).ping(PING);
            }
            long[] one = new long[pings];
            long[] spread = new long[pings];
            long[] chosen = new long[pings];
            for (int done = 0; done < pings; done += BLOCK) {
                int n = Math.min(BLOCK, pings - done);
                for (int i = 0; i < n; i++) {
                    one[done + i] = alone.ping(PING).toNanos();
                }
                Supervisor pick = all.get(random.nextInt(plugins));
                for (int i = 0; i < n; i++) {
                    chosen[done + i] = pick.ping(PING).toNanos();
                }
                for (int i = 0; i < n; i++) {
                    spread[done + i] = all.get(random.nextInt(plugins)).ping(PING).toNanos();
                }
            }
            double p50One = percentile(one, 50);
            double p50Chosen = percentile(chosen, 50);
            double p50Many = percentile(spread, 50);
            System.out.printf("ping single p50-us %.1f p99-us %.1f%n", p50One, percentile(one, 99));
            System.out.printf("ping one-of-many p50-us %.1f p99-us %.1f%n", p50Chosen, percentile(chosen, 99));
            System.out.printf("ping random-of-many p50-us %.1f p99-us %.1f%n", p50Many, percentile(spread, 99));
            System.out.printf("ping ratio-p50 one-of-many %.2f random-of-many %.2f%n", p50Chosen / p50One,
                    p50Many / p50One);
            failed |= p50Chosen > 2 * p50One;

            long c0 = System.nanoTime();
            many.close();
            System.out.printf("close-all ms %d%n", (System.nanoTime() - c0) / 1_000_000);
            long left = pids.stream().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)).count();
            System.out.println("plugin-processes-left-after-close " + left);
            failed |= left > 0;
        } finally {
            many.close();
            single.close();
        }
        System.out.println(failed ? "MANY-PLUGINS RUN FAILED" : "many-plugins run passed");
        System.exit(failed ? 1 : 0);
    }

    /** utime + stime of the plugin processes, in clock ticks. */
    private static long pluginTicks(List<Long> pids) throws IOException {
        long sum = 0;
        for (long pid : pids) {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            sum += Long.parseLong(f[11]) + Long.parseLong(f[12]);
        }
        return sum;
    }

    /** The {@code p}th percentile of {@code nanos}, in µs. */
    private static double percentile(long[] nanos, int p) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1000.0;
    }
}
