package dev.animus.runtime.bench;

import dev.animus.core.AgentScope;
import dev.animus.core.CrashWindow;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostFailure;
import dev.animus.core.HostHello;
import dev.animus.core.TimeoutTable;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.CallOptions;
import dev.animus.host.HostClock;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.StatusSubscription;
import dev.animus.host.Supervisor;
import dev.animus.host.Timers;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallReport;
import dev.animus.install.Permit;
import dev.animus.install.PluginInspector;
import dev.animus.install.PluginInstaller;
import dev.animus.install.StateRepair;
import dev.animus.install.TrustService;
import dev.animus.runtime.Homes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The chaos run (not a test: run by bench/chaos/run.sh). Installs N copies of the misbehaving test
 * plugin into a temporary ANIMUS_HOME (install, trust, consent, enable: every launch goes through
 * the launch gate, which reads the state document and re-hashes the stored code), registers them
 * with one {@link PluginHost}, and lets M caller threads make K calls in all, each a seeded choice
 * of plugin, {@link Behaviour}, params, deadline (1–2 s), retry or not, streamed or not. A plugin
 * that crash-looped into Disabled is reset by the caller that saw it (an operator's reset), so
 * every plugin keeps being exercised; the crash threshold itself stays the default.
 *
 * <p>A call is a <b>hang</b> when it outlived its deadline by more than 1 s; its deadline is what
 * the host promises for it: per attempt (one, or two when a retry is allowed) the launch timeout
 * plus the request timeout. After the calls the host is closed and the run checks: processes left
 * (every process whose environment holds this run's marker variable, however re-parented, and any
 * descendant of this JVM), file descriptors against the figure before the host existed (after a
 * warm-up host had run every behaviour once), live platform threads (right after the close, and
 * again once the JDK's pools let their idle threads go, 90 s at most: more than before is a leak),
 * heap after GC, and the state document (parses, diagnosed healthy, same revision, every plugin
 * still admitted by the gate).
 *
 * <p>Args: {@code <plugin launcher> <work dir> <plugins> <callers> <calls> <seed>}. Prints the
 * summary as markdown; exits 1 when a hang, a leaked process, fd growth, thread growth, an untyped
 * exception, a wrong result or a bad state document was seen.
 */
public final class ChaosBench {
    private static final HostHello HELLO = HostHello.animus("chaos");
    private static final String MARKER = "ANIMUS_CHAOS_RUN";
    private static final String AGENT = "default";
    private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(5);
    /** How long the run waits for the JDK's idle pool threads to end after the close. */
    private static final Duration SETTLE = Duration.ofSeconds(90);
    /** CHAOS_HISTOGRAM=1: print the classes whose live heap grew most over the run. */
    private static final boolean HISTOGRAM = "1".equals(System.getenv("CHAOS_HISTOGRAM"));
    private static final Pattern GRANDCHILD = Pattern.compile("grandchild pid (\\d+)");

    private final AnimusHome home;
    private final Map<String, String> env;
    private final List<String> names;
    private final long seed;
    private final Tally tally = new Tally();
    private final Set<Long> grandchildren = ConcurrentHashMap.newKeySet();

    private ChaosBench(AnimusHome home, Map<String, String> env, List<String> names, long seed) {
        this.home = home;
        this.env = env;
        this.names = names;
        this.seed = seed;
    }

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of(args[0]);
        Path work = Path.of(args[1]);
        int plugins = Integer.parseInt(args[2]);
        int callers = Integer.parseInt(args[3]);
        int calls = Integer.parseInt(args[4]);
        long seed = Long.parseLong(args[5]);
        String runId = Long.toHexString(seed) + "-" + ProcessHandle.current().pid();

        Files.createDirectories(work.resolve("project"));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("HOME", work.toString());
        env.put("ANIMUS_HOME", work.resolve("home").toString());
        env.put(MARKER, runId);
        AnimusHome home = Homes.open(AnimusPaths.from(env, work.resolve("project")), env);
        long t0 = System.nanoTime();
        List<String> names = install(home, launcher, work.resolve("src"), plugins);
        System.err.printf("installed, trusted, consented and enabled %d plugins in %.1f s%n", plugins,
                (System.nanoTime() - t0) / 1e9);
        int code = new ChaosBench(home, Map.copyOf(env), names, seed).run(callers, calls, runId);
        System.exit(code);
    }

    /** Copies of the launcher, each its own plugin (its own name and digest), ready to run. */
    private static List<String> install(AnimusHome home, Path launcher, Path src, int count) throws IOException {
        Files.createDirectories(src);
        String script = Files.readString(launcher);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = String.format("chaos-%02d", i);
            Path copy = src.resolve("animus-plugin-" + name);
            Files.writeString(copy, script + "# chaos run plugin " + name + "\n");
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
            InstallReport r = new PluginInstaller(home).install(copy, Optional.of(name), false);
            TrustService trust = new TrustService(home);
            trust.trust(name, r.digest());
            trust.consent(name, new PluginInspector(home).inspect(name, AGENT).consentDigest().orElseThrow());
            trust.enable(name, new AgentScope.One(AGENT));
            names.add(name);
        }
        return names;
    }

    private PluginRegistration registration(String name) {
        Permit permit = home.gate().admit(name, AGENT);
        LaunchSpec spec = new LaunchSpec(name, permit.executable(), EnvironmentPolicy.declaring(Set.of(MARKER)), env,
                Map.of(), Optional.empty());
        TimeoutTable timeouts = permit.manifest().timeouts().with(TimeoutTable.LAUNCH, LAUNCH_TIMEOUT);
        return new PluginRegistration(name, spec, timeouts, home.gate().guard(permit));
    }

    private static PluginHost newHost() {
        return PluginHost.create(new PluginHost.Options(HELLO, CrashWindow.DEFAULT_LIMIT, CrashWindow.DEFAULT_SPAN,
                HostClock.system(), Timers.system()));
    }

    private int run(int callers, int calls, String runId) throws Exception {
        StateRepair.Diagnosis.Healthy stateBefore = (StateRepair.Diagnosis.Healthy) new StateRepair(home).diagnose();
        warmUp();
        Map<Integer, String> fdsBefore = ProcFacts.fds();
        int threadsBefore = ProcFacts.threads();
        threadNamesBefore = ProcFacts.threadNames();
        long heapBefore = ProcFacts.heapAfterGc();
        Map<String, Long> histogramBefore = HISTOGRAM ? ProcFacts.classHistogram() : Map.of();

        Driven driven = drive(callers, calls); // the host is unreachable from here on

        List<ProcFacts.Proc> leftAtClose = leftovers(runId);
        List<ProcFacts.Proc> leaked = leftAtClose;
        for (int i = 0; i < 20 && !leaked.isEmpty(); i++) { // up to 2 s for a kill already sent to land
            Thread.sleep(100);
            leaked = leftovers(runId);
        }
        Map<Integer, String> fdsAfter = ProcFacts.fds();
        int threadsAfter = ProcFacts.threads();
        threadNamesAfter = ProcFacts.threadNames();
        long heapAfter = ProcFacts.heapAfterGc();
        if (HISTOGRAM) {
            System.out.println("heap grown most since the baseline: "
                    + ProcFacts.grownMost(histogramBefore, ProcFacts.classHistogram(), 15));
        }
        Map<Integer, String> fdsAfterGc = ProcFacts.fds();
        String state = checkState(stateBefore);
        // the JDK's pools (virtual-thread carriers, process reapers) keep idle threads for a while
        long settle0 = System.nanoTime();
        while (ProcFacts.threads() > threadsBefore && System.nanoTime() - settle0 < SETTLE.toNanos()) {
            Thread.sleep(1000);
        }
        threadsSettled = ProcFacts.threads();
        settledSeconds = (System.nanoTime() - settle0) / 1_000_000_000L;

        heapWithClosedHost = driven.heapWithClosedHost();
        return report(callers, calls, driven.seconds(), driven.closeMs(), driven.events(), driven.lostEvents(),
                leftAtClose, leaked, fdsBefore, fdsAfter, fdsAfterGc, threadsBefore, threadsAfter, heapBefore, heapAfter,
                state);
    }

    /** What {@link #drive} measured of the host it ran. */
    private record Driven(double seconds, long closeMs, long events, long lostEvents, long heapWithClosedHost) {}

    /** One host, the calls, the close. */
    private Driven drive(int callers, int calls) throws InterruptedException {
        long start = System.nanoTime();
        long closeMs;
        LongAdder events = new LongAdder();
        long lostEvents;
        PluginHost host = newHost();
        StatusSubscription status = host.events().subscribe(false);
        try {
            List<Supervisor> supervisors = names.stream().map(n -> host.register(registration(n))).toList();
            AtomicBoolean stopDrain = new AtomicBoolean();
            Thread drain = Thread.ofPlatform().name("chaos-status-drain").start(() -> drain(status, events, stopDrain));
            AtomicLong next = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                threads.add(Thread.ofPlatform().name("chaos-caller-" + c).start(() -> callLoop(supervisors, next, calls)));
            }
            Thread progress = Thread.ofPlatform().daemon().name("chaos-progress").start(() -> progress(calls, start));
            for (Thread t : threads) {
                t.join();
            }
            progress.interrupt();
            System.err.printf("calls done in %.1f s; closing the host%n", (System.nanoTime() - start) / 1e9);
            long c0 = System.nanoTime();
            host.close();
            closeMs = (System.nanoTime() - c0) / 1_000_000;
            stopDrain.set(true);
            drain.join();
            lostEvents = status.lost();
        } finally {
            status.close();
            host.close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Driven(seconds, closeMs, events.sum(), lostEvents, ProcFacts.heapAfterGc());
    }

    /** One host, the first plugin, every behaviour once: classes, jars and JVM fds in use before the baseline. */
    private void warmUp() {
        try (PluginHost host = newHost()) {
            Supervisor s = host.register(registration(names.getFirst()));
            SplittableRandom random = new SplittableRandom(seed);
            for (Behaviour b : Behaviour.values()) {
                ObjectNode params = b.params(-1, random);
                if (b == Behaviour.IGNORE_SIGTERM) {
                    params.put("ignore_exit", true);
                }
                try {
                    s.call(b.method, params, CallOptions.defaults().withTimeout(Duration.ofSeconds(1)).withoutRetry()
                            .streamingTo(n -> { }));
                } catch (PluginCallFailed e) {
                    // expected of half of them
                }
            }
        }
    }

    private void callLoop(List<Supervisor> supervisors, AtomicLong next, int calls) {
        for (long i = next.getAndIncrement(); i < calls; i = next.getAndIncrement()) {
            call(supervisors, i);
        }
    }

    private void call(List<Supervisor> supervisors, long i) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        Supervisor s = supervisors.get(random.nextInt(supervisors.size()));
        Behaviour b = Behaviour.pick(random);
        ObjectNode params = b.params(i, random);
        Duration timeout = Duration.ofMillis(1000 + random.nextInt(1001));
        boolean retry = random.nextInt(4) != 0;
        boolean stream = b == Behaviour.NOTIFICATION_FLOOD || b == Behaviour.SEVERAL_PER_LINE ? random.nextBoolean()
                : random.nextInt(20) == 0;
        CallOptions options = CallOptions.defaults().withTimeout(timeout);
        if (!retry) {
            options = options.withoutRetry();
        }
        if (stream) {
            options = options.streamingTo(n -> tally.streamed.increment());
        }
        long deadlineMs = (retry ? 2 : 1) * (LAUNCH_TIMEOUT.toMillis() + timeout.toMillis());
        long t0 = System.nanoTime();
        String outcome;
        try {
            JsonNode result = s.call(b.method, params, options);
            outcome = "result";
            tally.results.increment();
            String wrong = b.wrongResult(params, result);
            if (!wrong.isEmpty()) {
                tally.wrongResults.increment();
                tally.problem("call " + i + " to " + s.name() + ": " + wrong);
            }
            if (b == Behaviour.FORK_GRANDCHILD) {
                grandchildren.add(result.path("pid").asLong());
            }
        } catch (PluginCallFailed e) {
            HostFailure f = e.failure();
            outcome = kind(f);
            tally.typedErrors.increment();
            stderrTail(f).forEach(this::noteGrandchild);
            if (f instanceof HostFailure.Disabled || f instanceof HostFailure.TooManyRestarts) {
                s.reset(); // the operator's reset: keeps crash-looping plugins in the run
                tally.resets.increment();
            }
        } catch (RuntimeException e) {
            outcome = "UNTYPED " + e.getClass().getName();
            tally.untyped.increment();
            tally.problem("call " + i + " (" + b.method + " to " + s.name() + ") threw " + e);
        }
        long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
        tally.count(b, outcome, elapsedMs);
        long lateness = elapsedMs - timeout.toMillis();
        tally.worstLatenessMs.accumulateAndGet(lateness, Math::max);
        if (lateness > 0) {
            tally.pastRequestDeadline.increment();
        }
        if (elapsedMs > deadlineMs + 1000) {
            tally.hangs.increment();
            tally.problem("HANG: call " + i + " (" + b.method + " to " + s.name() + ", timeout " + timeout.toMillis()
                    + " ms, retry " + retry + ") took " + elapsedMs + " ms, deadline " + deadlineMs + " ms; outcome "
                    + outcome);
        }
    }

    private static String kind(HostFailure f) {
        return switch (f) {
            case HostFailure.Rpc r -> "Rpc " + r.code();
            case HostFailure.Timeout t -> "Timeout(" + t.method() + ")";
            default -> f.getClass().getSimpleName();
        };
    }

    private static List<String> stderrTail(HostFailure f) {
        return switch (f) {
            case HostFailure.ConnectionLost c -> c.stderrTail();
            case HostFailure.ProcessExited p -> p.stderrTail();
            case HostFailure.TooManyRestarts t -> stderrTail(t.last());
            default -> List.of();
        };
    }

    private void noteGrandchild(String line) {
        Matcher m = GRANDCHILD.matcher(line);
        if (m.find()) {
            grandchildren.add(Long.parseLong(m.group(1)));
        }
    }

    /** Counts status events until {@code stop}, then what is left in the buffer. */
    private static void drain(StatusSubscription status, LongAdder events, AtomicBoolean stop) {
        try {
            while (!stop.get()) {
                status.next(Duration.ofMillis(200)).ifPresent(e -> events.increment());
            }
            while (status.next(Duration.ZERO).isPresent()) {
                events.increment();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void progress(int calls, long start) {
        try {
            while (true) {
                Thread.sleep(10_000);
                System.err.printf("  %.0f s: %d of %d calls, %d hangs, %d resets%n", (System.nanoTime() - start) / 1e9,
                        tally.calls.sum(), calls, tally.hangs.sum(), tally.resets.sum());
            }
        } catch (InterruptedException e) {
            // the calls are done
        }
    }

    /** Processes of this run still there: the marker in their environment, or descendants of this JVM. */
    private List<ProcFacts.Proc> leftovers(String runId) {
        Map<Long, ProcFacts.Proc> out = new TreeMap<>();
        ProcFacts.withEnvironment(MARKER + "=" + runId).forEach(p -> out.put(p.pid(), p));
        ProcessHandle.current().descendants().forEach(h -> ProcFacts.find(h.pid()).ifPresent(p -> out.put(p.pid(), p)));
        return List.copyOf(out.values());
    }

    /** Empty when the state document parses, is diagnosed healthy and unchanged, and admits every plugin. */
    private String checkState(StateRepair.Diagnosis.Healthy before) {
        List<String> problems = new ArrayList<>();
        try {
            JsonNode doc = JsonMapper.shared().readTree(Files.readString(home.state().file()));
            if (!doc.isObject()) {
                problems.add("not a JSON object");
            }
        } catch (IOException | RuntimeException e) {
            problems.add("does not parse: " + e.getMessage());
        }
        switch (new StateRepair(home).diagnose()) {
            case StateRepair.Diagnosis.Healthy h -> {
                h.problems().forEach(p -> problems.add(p.plugin() + ": " + p.problem()));
                if (h.plugins() != names.size()) {
                    problems.add(h.plugins() + " plugins recorded, " + names.size() + " installed");
                }
                if (h.revision() != before.revision()) {
                    problems.add("revision " + before.revision() + " became " + h.revision() + " without an operator act");
                }
            }
            case StateRepair.Diagnosis.Newer n -> problems.add("newer schema: " + n.reason());
            case StateRepair.Diagnosis.Unreadable u -> problems.add("unreadable: " + u.reason());
        }
        for (String name : names) {
            try {
                home.gate().admit(name, AGENT);
            } catch (RuntimeException e) {
                problems.add(name + " no longer admitted: " + e.getMessage());
            }
        }
        return String.join("; ", problems);
    }

    private Map<String, Integer> threadNamesBefore = Map.of();
    private Map<String, Integer> threadNamesAfter = Map.of();
    private int threadsSettled;
    private long heapWithClosedHost;
    private long settledSeconds;

    private int report(int callers, int calls, double seconds, long closeMs, long events, long lostEvents,
            List<ProcFacts.Proc> leftAtClose, List<ProcFacts.Proc> leaked, Map<Integer, String> fdsBefore,
            Map<Integer, String> fdsAfter, Map<Integer, String> fdsAfterGc, int threadsBefore, int threadsAfter,
            long heapBefore, long heapAfter, String state) {
        Set<Long> leakedGrandchildren = new TreeSet<>();
        leaked.forEach(p -> {
            if (grandchildren.contains(p.pid())) {
                leakedGrandchildren.add(p.pid());
            }
        });
        int fdGrowth = fdsAfterGc.size() - fdsBefore.size();
        System.out.println("### Chaos run: " + names.size() + " plugins × " + callers + " callers × " + calls
                + " calls, seed " + seed);
        System.out.println();
        System.out.println("| figure | value |");
        System.out.println("|---|---:|");
        row("wall time of the calls and the close (s)", String.format("%.1f", seconds));
        row("calls", tally.calls.sum());
        row("results", tally.results.sum());
        row("typed errors", tally.typedErrors.sum());
        tally.errorsByKind().forEach((k, v) -> row("&nbsp;&nbsp;" + k, v));
        row("**untyped exceptions**", tally.untyped.sum());
        row("**wrong results**", tally.wrongResults.sum());
        row("**hangs** (outlived their deadline by > 1 s)", tally.hangs.sum());
        row("calls answered after their request timeout (launch or retry included)", tally.pastRequestDeadline.sum());
        row("worst lateness past the request timeout (ms)", tally.worstLatenessMs.get());
        row("operator resets of a disabled plugin", tally.resets.sum());
        row("notifications forwarded to streaming callers", tally.streamed.sum());
        row("status events received (ordinary subscriber) / lost", events + " / " + lostEvents);
        row("host close (ms)", closeMs);
        row("processes of the run right after close", leftAtClose.size());
        row("**leaked processes** (2 s after close)", leaked.size());
        row("grandchild pids reported by plugins / of them leaked", grandchildren.size() + " / "
                + leakedGrandchildren.size());
        row("fds before / after close / after GC", fdsBefore.size() + " / " + fdsAfter.size() + " / "
                + fdsAfterGc.size());
        row("**fd growth** (after GC − before)", fdGrowth);
        row("platform threads before / after close / " + settledSeconds + " s later", threadsBefore + " / "
                + threadsAfter + " / " + threadsSettled);
        row("heap after GC before / closed host still referenced / host unreachable (MiB)", String.format(
                "%.1f / %.1f / %.1f", heapBefore / 1048576.0, heapWithClosedHost / 1048576.0, heapAfter / 1048576.0));
        row("**state document valid**", state.isEmpty() ? "yes" : "NO: " + state);
        System.out.println();
        tally.behaviourRows().forEach(System.out::println);
        leaked.forEach(p -> System.out.println("leaked: " + p));
        if (!fdsAfterGc.keySet().equals(fdsBefore.keySet())) {
            Map<Integer, String> added = new TreeMap<>(fdsAfterGc);
            added.keySet().removeAll(fdsBefore.keySet());
            Map<Integer, String> removed = new TreeMap<>(fdsBefore);
            removed.keySet().removeAll(fdsAfterGc.keySet());
            System.out.println("fds opened since the baseline: " + added + "; closed: " + removed);
        }
        System.out.println("platform threads before: " + threadNamesBefore);
        System.out.println("platform threads after close:  " + threadNamesAfter);
        System.out.println("platform threads " + settledSeconds + " s later: " + ProcFacts.threadNames());
        tally.problems.forEach(p -> System.out.println("problem: " + p));
        boolean failed = tally.hangs.sum() > 0 || !leaked.isEmpty() || fdGrowth > 0 || tally.untyped.sum() > 0
                || threadsSettled > threadsBefore
                || tally.wrongResults.sum() > 0 || !state.isEmpty();
        System.out.println();
        System.out.println(failed ? "CHAOS RUN FAILED"
                : "chaos run passed: 0 hangs, 0 leaked processes, no fd or thread growth, state document valid");
        return failed ? 1 : 0;
    }

    private static void row(String figure, Object value) {
        System.out.println("| " + figure + " | " + value + " |");
    }
}
