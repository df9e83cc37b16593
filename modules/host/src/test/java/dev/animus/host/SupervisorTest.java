package dev.animus.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import dev.animus.core.HostFailure;
import dev.animus.core.ProcessState;
import dev.animus.core.StatusChange;
import dev.animus.core.TimeoutTable;
import dev.animus.rpc.Notification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class SupervisorTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private PluginHost host;
    private StatusSubscription every;

    @BeforeEach
    void openHost() {
        host = PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO));
        every = host.events().subscribe(true);
    }

    @AfterEach
    void closeHost() {
        host.close();
    }

    static ObjectNode obj(String key, Object value) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        switch (value) {
            case Integer i -> o.put(key, i);
            case String s -> o.put(key, s);
            default -> throw new IllegalArgumentException(value.toString());
        }
        return o;
    }

    static PluginRegistration registration(Path exe) {
        return new PluginRegistration(
                exe.getFileName().toString(),
                TestPlugins.spec(exe),
                TimeoutTable.defaults().with(TimeoutTable.LAUNCH, TestPlugins.LAUNCH));
    }

    /** A small stdlib Python plugin; {@code prelude} runs before the loop (to crash at start, say). */
    static Path scriptPlugin(Path dir, String name, String prelude) throws IOException {
        return TestPlugins.python(dir, name, "import json, os, sys, time\n" + prelude + "\n" + """
                def send(m):
                    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
                for line in sys.stdin:
                    m = json.loads(line)
                    if "id" not in m:
                        if m.get("method") == "exit": sys.exit(0)
                        continue
                    meth, i, p = m.get("method"), m["id"], m.get("params", {})
                    if meth == "initialize":
                        send({"jsonrpc": "2.0", "id": i, "result": {"protocol_version": "1.1.0",
                              "plugin_info": {"name": "script", "version": "1.0.0", "plugin_kind": "custom"},
                              "capabilities": {"methods": ["echo", "die"]}}})
                    elif meth in ("shutdown", "$/ping"):
                        send({"jsonrpc": "2.0", "id": i, "result": {}})
                    elif meth == "echo":
                        send({"jsonrpc": "2.0", "id": i, "result": p})
                    elif meth == "die":
                        print("dying as asked", file=sys.stderr, flush=True); sys.exit(p.get("code", 3))
                    else:
                        send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "no " + meth}})
                """);
    }

    private List<String> transitions(Duration quiet) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        while (true) {
            var e = every.next(quiet);
            if (e.isEmpty()) {
                return seen;
            }
            seen.add(e.get().from().word() + ">" + e.get().to().word());
        }
    }

    private StatusChange awaitTransition(ProcessState from, ProcessState to) throws InterruptedException {
        return every.await(c -> c.from() == from && c.to() == to, WAIT)
                .orElseThrow(() -> new AssertionError("no " + from + " -> " + to + " within " + WAIT));
    }

    static void awaitGone(long pid) {
        ProcessHandle.of(pid)
                .ifPresent(h ->
                        h.onExit().orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join());
    }

    @Nested
    class LaunchAndPipelining {
        @Test
        void theFirstRequestLaunchesThePluginAndLaterOnesReuseIt() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            assertEquals(ProcessState.REGISTERED, s.status().state());
            assertTrue(s.status().pid().isEmpty());
            assertEquals(obj("text", "one"), s.call("echo", obj("text", "one")));
            long pid = s.status().pid().orElseThrow();
            assertEquals(obj("text", "two"), s.call("echo", obj("text", "two")));
            assertEquals(pid, s.status().pid().orElseThrow());
            assertEquals(ProcessState.READY, s.status().state());
            assertEquals(
                    List.of(
                            "registered>launching",
                            "launching>ready",
                            "ready>busy",
                            "busy>ready",
                            "ready>busy",
                            "busy>ready"),
                    transitions(Duration.ofMillis(200)));
        }

        @Test
        void aHundredConcurrentCallersEachGetTheirOwnAnswerFromOneProcess() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<JsonNode>> answers = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    int n = i;
                    answers.add(pool.submit(() -> s.call("echo", obj("n", n))));
                }
                for (int i = 0; i < 100; i++) {
                    assertEquals(obj("n", i), answers.get(i).get());
                }
            }
            PluginStatus st = s.status();
            assertEquals(0, st.restarts());
            assertEquals(0, st.inFlight());
            assertEquals(ProcessState.READY, st.state());
            long launches = transitions(Duration.ofMillis(200)).stream()
                    .filter("registered>launching"::equals)
                    .count();
            assertEquals(1, launches);
        }

        @Test
        void aLaunchThatNeverAnswersInitializeCrashesAtTheLaunchTimeoutAndIsNotRetried() throws Exception {
            Path mute = TestPlugins.python(dir, "mute", "import time\ntime.sleep(3600)\n");
            Supervisor s = host.register(new PluginRegistration(
                    "mute",
                    TestPlugins.spec(mute),
                    TimeoutTable.defaults().with(TimeoutTable.LAUNCH, Duration.ofMillis(300))));
            PluginCallFailed e = assertThrows(PluginCallFailed.class, () -> s.call("echo", obj("a", 1)));
            var timeout = assertInstanceOf(HostFailure.Timeout.class, e.failure());
            assertEquals("initialize", timeout.method());
            assertEquals(ProcessState.CRASHED, s.status().state());
            assertEquals(1, s.status().crashesInWindow());
            assertEquals(List.of("registered>launching", "launching>crashed"), transitions(Duration.ofMillis(200)));
        }

        @Test
        void aStructuredErrorReachesTheCallerUntouchedAndCostsNothing() {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            PluginCallFailed e = assertThrows(PluginCallFailed.class, () -> s.call("no/such", obj("a", 1)));
            var rpc = assertInstanceOf(HostFailure.Rpc.class, e.failure());
            assertEquals(-32601, rpc.code());
            assertEquals(ProcessState.READY, s.status().state());
            assertEquals(0, s.status().crashesInWindow());
        }

        @Test
        void streamedOutputIsForwardedToTheCallerWhileItsRequestRuns() {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            List<Notification> got = new CopyOnWriteArrayList<>();
            JsonNode r =
                    s.call("stream", obj("count", 3), CallOptions.defaults().streamingTo(got::add));
            assertEquals(3, r.path("count").asInt());
            assertEquals(
                    3, got.stream().filter(n -> n.method().equals("$/progress")).count(), got.toString());
        }
    }

    @Nested
    class Dispatches {
        @Test
        void eachAttemptNamesItsProcessBeforeTheRequestIsWrittenAndCallOnReachesOnlyThatOne() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            List<Dispatch> seen = new CopyOnWriteArrayList<>();
            s.call("echo", obj("text", "a"), CallOptions.defaults().onDispatch(seen::add));
            assertEquals(1, seen.size());
            Dispatch d = seen.getFirst();
            assertEquals(s.status().pid().orElseThrow(), d.pid());
            assertEquals(obj("text", "b"), s.callOn(d.incarnation(), "echo", obj("text", "b"), WAIT));
            s.stopProcess();
            PluginCallFailed gone = assertThrows(
                    PluginCallFailed.class, () -> s.callOn(d.incarnation(), "echo", obj("text", "c"), WAIT));
            assertInstanceOf(HostFailure.ProcessExited.class, gone.failure());
            assertTrue(s.status().pid().isEmpty(), "callOn never launches");
        }

        @Test
        void aRouteDropsAnotherRequestsNotificationsAndCountsItsOwn() {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            List<Notification> got = new CopyOnWriteArrayList<>();
            s.call(
                    "stream",
                    obj("count", 3),
                    CallOptions.defaults().streamingTo(got::add, (n, id) -> NotificationRoute.Claim.FOREIGN));
            assertEquals(List.of(), got, "every notification was another's");
        }
    }

    @Nested
    class Crashes {
        @Test
        void aCrashMidRequestFailsTheCallerAtOnceAndTheNextRequestRestartsThePlugin() throws Exception {
            Supervisor s = host.register(registration(scriptPlugin(dir, "dies", "")));
            s.call("echo", obj("warm", 1));
            long first = s.status().pid().orElseThrow();
            PluginCallFailed e = assertThrows(
                    PluginCallFailed.class,
                    () -> s.call("die", obj("code", 7), CallOptions.defaults().withoutRetry()));
            var lost = assertInstanceOf(HostFailure.ConnectionLost.class, e.failure());
            assertEquals(7, lost.exitCode().orElseThrow());
            assertTrue(
                    lost.stderrTail().contains("dying as asked"),
                    lost.stderrTail().toString());
            assertEquals(ProcessState.CRASHED, s.status().state());
            awaitGone(first);
            assertEquals(obj("again", 1), s.call("echo", obj("again", 1)));
            assertEquals(1, s.status().restarts());
            assertEquals(1, s.status().crashesInWindow());
            assertTrue(
                    s.status().lastError().orElseThrow().contains("dying as asked"),
                    s.status().toString());
        }

        @Test
        void aDeathLikeFailureIsRetriedOnceOnAFreshProcessAndBothCrashesCount() throws Exception {
            Supervisor s = host.register(registration(scriptPlugin(dir, "dies", "")));
            PluginCallFailed e = assertThrows(PluginCallFailed.class, () -> s.call("die", obj("code", 5)));
            assertInstanceOf(HostFailure.ConnectionLost.class, e.failure());
            assertEquals(2, s.status().crashesInWindow());
            assertEquals(
                    List.of(
                            "registered>launching",
                            "launching>ready",
                            "ready>busy",
                            "busy>crashed",
                            "crashed>launching",
                            "launching>ready",
                            "ready>busy",
                            "busy>crashed"),
                    transitions(Duration.ofMillis(200)));
        }

        @Test
        void aCrashLoopingPluginIsDisabledAfterExactlyFiveCrashesAndThenFailsFast() throws Exception {
            Path marker = dir.resolve("configured");
            Path p = scriptPlugin(
                    dir,
                    "loops",
                    "if not os.path.exists('" + marker + "'):\n" + "    print('no configuration at " + marker
                            + "', file=sys.stderr, flush=True); sys.exit(4)");
            Supervisor s = host.register(registration(p));
            List<HostFailure> failures = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                failures.add(assertThrows(PluginCallFailed.class, () -> s.call("echo", obj("a", 1)))
                        .failure());
            }
            assertInstanceOf(HostFailure.ProcessExited.class, failures.get(0));
            assertInstanceOf(HostFailure.ProcessExited.class, failures.get(1));
            var tooMany = assertInstanceOf(HostFailure.TooManyRestarts.class, failures.get(2));
            assertEquals(5, tooMany.crashes());
            List<String> seen = transitions(Duration.ofMillis(200));
            assertEquals(5, seen.stream().filter(t -> t.endsWith(">crashed")).count(), seen.toString());
            assertEquals("crashed>disabled", seen.getLast());
            assertEquals(ProcessState.DISABLED, s.status().state());

            PluginCallFailed fast = assertThrows(PluginCallFailed.class, () -> s.call("echo", obj("a", 1)));
            var disabled = assertInstanceOf(HostFailure.Disabled.class, fast.failure());
            assertTrue(
                    disabled.message().contains("since 2")
                            && disabled.message().contains("crashed 5 times")
                            && disabled.fixes().equals(List.of(new Fix.Reset("loops"))),
                    disabled.message());
            assertTrue(transitions(Duration.ofMillis(100)).isEmpty(), "a refused request launches nothing");

            Files.writeString(marker, "ok");
            s.reset();
            assertEquals(ProcessState.REGISTERED, s.status().state());
            assertEquals(obj("a", 1), s.call("echo", obj("a", 1)));
        }

        @Test
        void aHangingMethodIsKilledAtItsTimeoutAndTheNextCallWorks() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.misbehaving()));
            s.call("echo", obj("warm", 1));
            long pid = s.status().pid().orElseThrow();
            PluginCallFailed e = assertThrows(
                    PluginCallFailed.class,
                    () -> s.call("hang", obj("a", 1), CallOptions.defaults().withTimeout(Duration.ofMillis(500))));
            var t = assertInstanceOf(HostFailure.Timeout.class, e.failure());
            assertEquals("hang", t.method());
            assertEquals(ProcessState.CRASHED, s.status().state());
            awaitGone(pid);
            assertEquals(obj("after", 1), s.call("echo", obj("after", 1)));
            assertEquals(1, s.status().crashesInWindow());
        }

        @Test
        @Timeout(value = 60, unit = TimeUnit.SECONDS)
        void aWriteThePluginNeverReadsEndsAtTheCallsDeadlineNotTheWriteTimeout() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.misbehaving()));
            assertTrue(
                    s.call("stop-reading", obj("a", 1)).path("stopped_reading").asBoolean());
            long pid = s.status().pid().orElseThrow();
            ObjectNode big = obj("blob", "z".repeat(4 << 20)); // far more than the pipe holds

            PluginCallFailed e = assertThrows(
                    PluginCallFailed.class,
                    () -> s.call("echo", big, CallOptions.defaults().withTimeout(Duration.ofSeconds(2))));

            // the failure names the call's 2 s deadline, not the write timeout, as what ended it
            var t = assertInstanceOf(HostFailure.Timeout.class, e.failure());
            assertEquals(Duration.ofSeconds(2), t.after());
            assertFalse(e.requestWritten());
            assertEquals(
                    "plugin animus-plugin-misbehaving, echo: the request was not written within 2s (the plugin stopped reading its input)",
                    e.getMessage());
            awaitGone(pid);
            assertEquals(obj("after", 1), s.call("echo", obj("after", 1)));
        }

        @Test
        void aProcessThatDiesWhileIdleIsCrashedAtOnceAndSaysSo() throws Exception {
            Supervisor s = host.register(registration(scriptPlugin(dir, "idle", "")));
            s.call("echo", obj("a", 1));
            long pid = s.status().pid().orElseThrow();
            transitions(Duration.ofMillis(50));
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            StatusChange c = awaitTransition(ProcessState.READY, ProcessState.CRASHED);
            assertTrue(c.notable());
            assertTrue(s.status().pid().isEmpty());
        }
    }

    @Nested
    class Cancellation {
        /** Runs the call on its own thread, interrupts it once the plugin is busy, returns its failure. */
        private PluginCallFailed cancelWhileBusy(Supervisor s, String method, JsonNode params, Duration timeout)
                throws Exception {
            transitions(Duration.ofMillis(50)); // the warm-up call's
            var failure = new CompletableFuture<PluginCallFailed>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    s.call(method, params, CallOptions.defaults().withTimeout(timeout));
                    failure.completeExceptionally(new AssertionError(method + " answered"));
                } catch (PluginCallFailed e) {
                    failure.complete(e);
                }
            });
            awaitTransition(ProcessState.READY, ProcessState.BUSY);
            caller.interrupt();
            return failure.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }

        @Test
        void aCallThePluginGivesUpIsInFlightUntilItAnswersAndThePluginStaysWarm() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.echo()));
            s.call("echo", obj("warm", 1));
            long pid = s.status().pid().orElseThrow();
            PluginCallFailed e = cancelWhileBusy(s, "sleep", obj("ms", 60_000), Duration.ofMinutes(2));
            assertEquals(new HostFailure.Cancelled("sleep"), e.failure());
            awaitTransition(ProcessState.BUSY, ProcessState.READY); // its -32002 answer to $/cancelRequest
            assertEquals(0, s.status().inFlight());
            assertEquals(pid, s.status().pid().orElseThrow());
            assertEquals(0, s.status().crashesInWindow());
            assertEquals(obj("after", 1), s.call("echo", obj("after", 1)));
        }

        @Test
        void aCallThePluginIgnoresStaysInFlightAndTheProcessIsKilledAtTheCallsDeadline() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.misbehaving()));
            s.call("echo", obj("warm", 1));
            long pid = s.status().pid().orElseThrow();
            PluginCallFailed e = cancelWhileBusy(s, "hang", obj("a", 1), Duration.ofSeconds(1));
            assertEquals(new HostFailure.Cancelled("hang"), e.failure());
            assertEquals(1, s.status().inFlight(), "the plugin still works on the cancelled call");
            StatusChange crash = awaitTransition(ProcessState.BUSY, ProcessState.CRASHED);
            assertTrue(crash.reason().startsWith("hang was cancelled but ran past its 1s deadline"), crash.reason());
            awaitGone(pid);
            assertEquals(obj("after", 1), s.call("echo", obj("after", 1)));
        }

        /**
         * Nobody waits for a cancelled call any more, so its deadline's kill is the one Busy → Crashed
         * an ordinary subscriber (the shell's announcements) is told of: nothing else would say it.
         */
        @Test
        void theKillAtACancelledCallsDeadlineReachesOrdinarySubscribersWithItsReason() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.misbehaving()));
            s.call("echo", obj("warm", 1));
            long pid = s.status().pid().orElseThrow();
            try (StatusSubscription ordinary = host.events().subscribe(false)) {
                PluginCallFailed e = cancelWhileBusy(s, "hang", obj("a", 1), Duration.ofSeconds(1));
                assertEquals(new HostFailure.Cancelled("hang"), e.failure());
                StatusChange crash = ordinary.await(c -> c.to() == ProcessState.CRASHED, WAIT)
                        .orElseThrow(() -> new AssertionError("the kill was not announced"));
                assertEquals(ProcessState.BUSY, crash.from());
                assertEquals(
                        "hang was cancelled but ran past its 1s deadline; the host killed the process", crash.reason());
                assertEquals(
                        java.util.Optional.of(new HostFailure.Timeout("hang", Duration.ofSeconds(1)).message()),
                        s.status().lastError());
                awaitGone(pid);
                assertTrue(s.status().pid().isEmpty());
            }
        }

        @Test
        void aCallThatTimesOutWhileItsCallerWaitsIsNotAnnouncedTwice() throws Exception {
            Supervisor s = host.register(registration(TestPlugins.misbehaving()));
            s.call("echo", obj("warm", 1));
            try (StatusSubscription ordinary = host.events().subscribe(false)) {
                PluginCallFailed e = assertThrows(
                        PluginCallFailed.class,
                        () -> s.call("hang", obj("a", 1), CallOptions.defaults().withTimeout(Duration.ofMillis(300))));
                assertEquals(new HostFailure.Timeout("hang", Duration.ofMillis(300)), e.failure());
                awaitTransition(ProcessState.BUSY, ProcessState.CRASHED);
                // the caller's error says it: an ordinary subscriber is not told of the crash too
                assertTrue(ordinary.await(c -> c.to() == ProcessState.CRASHED, Duration.ofMillis(200))
                        .isEmpty());
            }
        }
    }

    @Nested
    class Closing {
        @Test
        void closingTheHostShutsEveryPluginDownAndLeavesNoProcess() throws Exception {
            Supervisor a = host.register(registration(TestPlugins.echo()));
            Supervisor b = host.register(registration(scriptPlugin(dir, "second", "")));
            a.call("echo", obj("a", 1));
            b.call("echo", obj("b", 1));
            List<ProcessHandle> tree = new ArrayList<>(a.processTree());
            tree.addAll(b.processTree());
            assertFalse(tree.isEmpty());
            host.close();
            for (ProcessHandle h : tree) {
                assertFalse(h.isAlive() && !PluginSessionTest.isZombie(h), "left running: " + h.pid());
            }
            assertEquals(ProcessState.TERMINATED, a.status().state());
            var e = assertThrows(PluginCallFailed.class, () -> a.call("echo", obj("a", 1)));
            assertInstanceOf(HostFailure.ShuttingDown.class, e.failure());
        }

        @Test
        void registeringTheSameThingAgainKeepsTheWarmProcess() throws Exception {
            Supervisor a = host.register(registration(TestPlugins.echo()));
            a.call("echo", obj("a", 1));
            assertEquals(a, host.register(registration(TestPlugins.echo())));
            assertEquals(1, host.status().size());
        }
    }

    @Nested
    class IdleOnAFakeClock {
        private final FakeClock clock = new FakeClock();
        private final ManualTimers timers = new ManualTimers(clock);
        private PluginHost fake;
        private StatusSubscription events;

        @BeforeEach
        void openFakeHost() {
            fake = PluginHost.create(
                    new PluginHost.Options(TestPlugins.HELLO, 5, Duration.ofMinutes(5), clock, timers));
            events = fake.events().subscribe(true);
        }

        @AfterEach
        void closeFakeHost() {
            fake.close();
        }

        @Test
        void fiveIdleMinutesShutThePluginDownAndTheNextRequestRelaunchesIt() throws Exception {
            Supervisor s = fake.register(registration(scriptPlugin(dir, "sleepy", "")));
            s.call("echo", obj("a", 1));
            long pid = s.status().pid().orElseThrow();
            timers.advance(Duration.ofMinutes(4));
            s.call("echo", obj("b", 1)); // activity at minute 4
            timers.advance(Duration.ofMinutes(1)); // the first timer fires early and re-arms for 4 more
            timers.awaitPending(1, WAIT); // it re-arms on a thread of its own
            assertEquals(ProcessState.READY, s.status().state());
            timers.advance(Duration.ofMinutes(4));
            StatusChange c =
                    events.await(e -> e.to() == ProcessState.TERMINATED, WAIT).orElseThrow();
            assertEquals(ProcessState.READY, c.from());
            assertEquals("idle for 5m", c.reason());
            awaitGone(pid);
            assertEquals(obj("c", 1), s.call("echo", obj("c", 1)));
            assertTrue(events.await(e -> e.from() == ProcessState.TERMINATED && e.to() == ProcessState.LAUNCHING, WAIT)
                    .isPresent());
            assertEquals(0, s.status().restarts(), "an idle relaunch is not a restart after a crash");
        }

        @Test
        void requestsNeverPileUpIdleTimers() throws Exception {
            Supervisor s = fake.register(registration(scriptPlugin(dir, "busy", "")));
            for (int i = 0; i < 50; i++) {
                s.call("echo", obj("i", i));
            }
            assertEquals(1, timers.pending());
        }

        @Test
        void aHeldProcessOutlivesItsIdleTimeoutAndTheLastReleaseRestartsTheCount() throws Exception {
            Supervisor s = fake.register(registration(scriptPlugin(dir, "watched", "")));
            s.call("echo", obj("a", 1));
            long pid = s.status().pid().orElseThrow();
            Supervisor.Hold first = s.hold();
            Supervisor.Hold second = s.hold();
            timers.advance(Duration.ofMinutes(30));
            timers.awaitPending(1, WAIT); // held: the timer re-arms on a thread of its own
            assertEquals(ProcessState.READY, s.status().state(), "held: no idle shutdown");
            assertEquals(pid, s.status().pid().orElseThrow());
            first.close();
            first.close(); // twice: still one release
            timers.advance(Duration.ofMinutes(30));
            timers.awaitPending(1, WAIT);
            assertEquals(ProcessState.READY, s.status().state(), "one hold is still open");
            second.close();
            timers.advance(Duration.ofMinutes(4));
            assertEquals(ProcessState.READY, s.status().state(), "the count starts again at the last release");
            timers.advance(Duration.ofMinutes(1));
            assertTrue(
                    events.await(e -> e.to() == ProcessState.TERMINATED, WAIT).isPresent());
            awaitGone(pid);
        }

        @Test
        void aManifestIdleTimeoutReplacesTheDefault() throws Exception {
            Path p = scriptPlugin(dir, "quick", "");
            Supervisor s = fake.register(new PluginRegistration(
                    "quick",
                    TestPlugins.spec(p),
                    TimeoutTable.defaults()
                            .with(TimeoutTable.IDLE, Duration.ofSeconds(30))
                            .with(TimeoutTable.LAUNCH, TestPlugins.LAUNCH)));
            s.call("echo", obj("a", 1));
            timers.advance(Duration.ofSeconds(30));
            assertTrue(
                    events.await(e -> e.to() == ProcessState.TERMINATED, WAIT).isPresent());
        }
    }
}
