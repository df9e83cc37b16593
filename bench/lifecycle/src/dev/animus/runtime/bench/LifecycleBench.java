package dev.animus.runtime.bench;

import dev.animus.core.HostHello;
import dev.animus.core.ProcessState;
import dev.animus.core.StatusChange;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.PluginSession;
import dev.animus.host.StatusSubscription;
import dev.animus.host.Supervisor;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Launch time and per-request cost of {@link Supervisor} against the native echo plugin (not a
 * test: run by bench/lifecycle/run.sh). One JVM run does both parts:
 *
 * <ol>
 *   <li>Launches: each launch registers the plugin under a fresh name (a cold supervisor, so the
 *       first request launches it) and issues {@code call("echo", {})}; it then reads the
 *       plugin's {@code plugin_status_changed} events (every transition) and
 *       {@code status().launchTime()}, and closes the supervisor outside the timed region. Each
 *       launch is paired with a bare {@link PluginSession#launch} of the same binary, so both see
 *       the same machine conditions. Prints, in ms, "launch &lt;figure&gt; p50 p90 max" for:
 *       <ul>
 *         <li>request-to-ready: wall clock read just before {@code call} to the {@code at} of the
 *             Launching → Ready event (the supervisor's clock, the same wall clock)
 *         <li>request-to-launching: to the {@code at} of Registered → Launching (admission)
 *         <li>launching-to-ready: between the two events (spawn, handshake, bookkeeping)
 *         <li>launch-time: {@code PluginStatus.launchTime()}, spawn → Ready inside
 *             {@code PluginSession.launch} (monotonic clock)
 *         <li>first-call: {@code System.nanoTime()} around the whole first {@code call}
 *             (request → Ready → echo answered)
 *         <li>bare-launch: {@code System.nanoTime()} around {@code PluginSession.launch}
 *       </ul>
 *   <li>Per-request overhead: one warm supervisor and one warm bare session on the same binary,
 *       sequential {@code call("echo", {"seq":n,"text":"hello world"})} one after another, in
 *       alternating blocks so all see the same conditions: bare, supervisor, and supervisor while
 *       one ordinary status subscriber ({@code subscribe(false)}) is drained by a thread. Prints, in
 *       µs, "overhead bare p50 p99", "overhead supervisor p50 p99" and
 *       "overhead supervisor-subscribed p50 p99"; then "launch first-call-minus-warm-rtt" (the
 *       first-call figures minus the supervisor's p50).
 * </ol>
 */
public final class LifecycleBench {
    private static final HostHello HELLO = HostHello.animus("bench");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(10);
    private static final int BLOCK = 10_000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private LifecycleBench() {}

    public static void main(String[] args) throws InterruptedException {
        Path plugin = Path.of(args[0]);
        int launchWarmup = Integer.parseInt(args[1]);
        int launches = Integer.parseInt(args[2]);
        int callWarmup = Integer.parseInt(args[3]);
        int calls = Integer.parseInt(args[4]);
        LaunchSpec spec = LaunchSpec.of(plugin, List.of(), System.getenv());
        try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(HELLO))) {
            launches(host, spec, "warmup-", launchWarmup);
            LaunchSamples samples = launches(host, spec, "echo-", launches);
            samples.print();
            long warmRoundTrip = overhead(host, spec, callWarmup, calls);
            long[] firstCallMinusWarm = Arrays.stream(samples.firstCall()).map(t -> t - warmRoundTrip).toArray();
            printMillis("first-call-minus-warm-rtt", firstCallMinusWarm);
        }
    }

    /** Per-launch figures in nanoseconds, one array per figure. */
    private record LaunchSamples(long[] requestToReady, long[] requestToLaunching, long[] launchingToReady,
            long[] launchTime, long[] firstCall, long[] bareLaunch) {
        LaunchSamples(int n) {
            this(new long[n], new long[n], new long[n], new long[n], new long[n], new long[n]);
        }

        void print() {
            printMillis("request-to-ready", requestToReady);
            printMillis("request-to-launching", requestToLaunching);
            printMillis("launching-to-ready", launchingToReady);
            printMillis("launch-time", launchTime);
            printMillis("first-call", firstCall);
            printMillis("bare-launch", bareLaunch);
        }
    }

    /** {@code count} cold launches through fresh supervisors, each paired with a bare launch. */
    private static LaunchSamples launches(PluginHost host, LaunchSpec spec, String prefix, int count)
            throws InterruptedException {
        LaunchSamples s = new LaunchSamples(count);
        try (StatusSubscription events = host.events().subscribe(true)) {
            for (int i = 0; i < count; i++) {
                if (i % 2 == 1) {
                    s.bareLaunch()[i] = bareLaunch(spec);
                }
                String name = prefix + i;
                Supervisor supervisor = host.register(new PluginRegistration(name, spec, TimeoutTable.defaults()));
                Instant requested = Instant.now();
                long start = System.nanoTime();
                JsonNode result = supervisor.call("echo", NODES.objectNode());
                s.firstCall()[i] = System.nanoTime() - start;
                s.launchTime()[i] = supervisor.status().launchTime().orElseThrow().toNanos();
                supervisor.close();
                if (!result.isObject() || !result.isEmpty()) {
                    throw new IllegalStateException("echo of {} came back as " + result);
                }
                Instant launching = transition(events, name, ProcessState.REGISTERED, ProcessState.LAUNCHING);
                Instant ready = transition(events, name, ProcessState.LAUNCHING, ProcessState.READY);
                s.requestToReady()[i] = Duration.between(requested, ready).toNanos();
                s.requestToLaunching()[i] = Duration.between(requested, launching).toNanos();
                s.launchingToReady()[i] = Duration.between(launching, ready).toNanos();
                if (i % 2 == 0) {
                    s.bareLaunch()[i] = bareLaunch(spec);
                }
            }
            if (events.lost() > 0) {
                throw new IllegalStateException(events.lost() + " status events lost");
            }
        }
        return s;
    }

    /** Nanoseconds of one {@link PluginSession#launch}; the session is closed after the timed region. */
    private static long bareLaunch(LaunchSpec spec) {
        long start = System.nanoTime();
        PluginSession session = PluginSession.launch(spec, HELLO, LAUNCH_TIMEOUT);
        long took = System.nanoTime() - start;
        session.close();
        return took;
    }

    /** When {@code plugin} went {@code from} → {@code to}, skipping its other events. */
    private static Instant transition(StatusSubscription events, String plugin, ProcessState from, ProcessState to)
            throws InterruptedException {
        Optional<StatusChange> change = events.await(
                e -> e.plugin().equals(plugin) && e.from() == from && e.to() == to, Duration.ofSeconds(10));
        return change.orElseThrow(() -> new IllegalStateException("no " + from + " -> " + to + " event for " + plugin))
                .at();
    }

    /** One blocking echo call with these params. */
    @FunctionalInterface
    private interface Caller {
        JsonNode call(ObjectNode params);
    }

    /** One way of making calls: fills {@code latencies[from, to)} with sequential calls. */
    @FunctionalInterface
    private interface Variant {
        void run(long[] latencies, int from, int to) throws InterruptedException;
    }

    /**
     * Sequential latencies through a warm bare session, a warm supervisor, and the same supervisor
     * while one ordinary status subscriber (notable transitions) is drained by a thread; prints all
     * three and returns the supervisor's p50 in nanoseconds.
     */
    private static long overhead(PluginHost host, LaunchSpec spec, int warmup, int count)
            throws InterruptedException {
        Supervisor supervisor = host.register(new PluginRegistration("echo-warm", spec, TimeoutTable.defaults()));
        try (PluginSession bare = PluginSession.launch(spec, HELLO, LAUNCH_TIMEOUT)) {
            Caller viaSupervisor = params -> supervisor.call("echo", params);
            Caller viaBare = params -> bare.call("echo", params, TIMEOUT).await();
            List<Variant> variants = List.of(
                    (latencies, from, to) -> sequential(viaBare, latencies, from, to),
                    (latencies, from, to) -> sequential(viaSupervisor, latencies, from, to),
                    (latencies, from, to) -> whileSubscribed(host, () -> sequential(viaSupervisor, latencies, from, to)));
            alternate(variants, new long[][] {new long[warmup], new long[warmup], new long[warmup]});
            long[][] latencies = {new long[count], new long[count], new long[count]};
            alternate(variants, latencies);
            printMicros("bare", latencies[0]);
            printMicros("supervisor", latencies[1]);
            printMicros("supervisor-subscribed", latencies[2]);
            return latencies[1][count / 2];
        } finally {
            supervisor.close();
        }
    }

    /** Runs {@code calls} while a subscriber of notable status changes takes every event it gets. */
    private static void whileSubscribed(PluginHost host, Runnable calls) throws InterruptedException {
        StatusSubscription subscription = host.events().subscribe(false);
        Thread drain = Thread.ofVirtual().name("bench-status-drain").start(() -> {
            try {
                while (subscription.next(Duration.ofSeconds(10)).isPresent()) {
                    // only taking them matters: the subscriber wakes up for each event
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            calls.run();
        } finally {
            subscription.close(); // ends the drain: next() returns empty once closed
            drain.join();
        }
    }

    /**
     * Fills each variant's array in blocks of {@link #BLOCK} calls, rotating which variant goes
     * first in each block, so that all of them see the same machine conditions.
     */
    private static void alternate(List<Variant> variants, long[][] latencies) throws InterruptedException {
        int n = variants.size();
        for (int from = 0, block = 0; from < latencies[0].length; from += BLOCK, block++) {
            int to = Math.min(latencies[0].length, from + BLOCK);
            for (int k = 0; k < n; k++) {
                int v = (block + k) % n;
                variants.get(v).run(latencies[v], from, to);
            }
        }
    }

    private static void sequential(Caller caller, long[] latencies, int from, int to) {
        for (int i = from; i < to; i++) {
            ObjectNode params = NODES.objectNode().put("seq", i).put("text", "hello world");
            long start = System.nanoTime();
            JsonNode result = caller.call(params);
            latencies[i] = System.nanoTime() - start;
            if (result.get("seq").intValue() != i) {
                throw new IllegalStateException("echo of " + i + " came back as " + result);
            }
        }
    }

    /** Sorts {@code nanos} and prints "launch name p50 p90 max" in milliseconds. */
    private static void printMillis(String name, long[] nanos) {
        Arrays.sort(nanos);
        int n = nanos.length;
        System.out.printf(Locale.ROOT, "launch %s %.3f %.3f %.3f%n", name,
                nanos[n / 2] / 1e6, nanos[n * 9 / 10] / 1e6, nanos[n - 1] / 1e6);
    }

    /** Sorts {@code nanos} and prints "overhead name p50 p99" in microseconds. */
    private static void printMicros(String name, long[] nanos) {
        Arrays.sort(nanos);
        int n = nanos.length;
        System.out.printf(Locale.ROOT, "overhead %s %.2f %.2f%n", name, nanos[n / 2] / 1e3, nanos[n * 99 / 100] / 1e3);
    }
}
