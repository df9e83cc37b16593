package dev.animus.plugins.workflow;

import dev.animus.sdk.control.ControlException;
import dev.animus.sdk.control.ControlSocket;
import dev.animus.sdk.control.ControlStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The workers of one runner: each leases an entry of the daemon's queue, runs the subject's prompt
 * through the daemon's {@code agent/run} and writes the outcome (plugins/workflow-runner/README.md).
 * States: running (maybe paused) → stopped. Thread-safe.
 */
final class Runner implements AutoCloseable {
    /** How long one lease call waits for an entry at the queue. */
    static final long LEASE_WAIT_MS = 2000;

    private static final Duration CALL = Duration.ofSeconds(30);
    private static final Duration LEASE_CALL = Duration.ofMillis(LEASE_WAIT_MS + 10_000);
    private static final Duration RETRY = Duration.ofSeconds(1);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ControlSocket control;
    private final WorkflowConfig config;
    private final int concurrency;
    private final InstantSource clock;
    private final Timings timings = new Timings();
    private final PrintStream log;
    private final String workerPrefix;
    private final Map<String, Run> running = new ConcurrentHashMap<>();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ScheduledExecutorService heartbeats;
    private final List<Thread> workers = new ArrayList<>();
    private final CountDownLatch workersEnded;
    private boolean paused;
    private volatile boolean stopping;

    Runner(ControlSocket control, WorkflowConfig config, int concurrency, InstantSource clock, PrintStream log) {
        this.control = control;
        this.config = config;
        this.concurrency = concurrency;
        this.clock = clock;
        this.log = log;
        this.workerPrefix = "workflow-runner-" + ProcessHandle.current().pid() + "-";
        this.workersEnded = new CountDownLatch(concurrency);
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("workflow-heartbeats").factory());
    }

    void start() {
        for (int i = 1; i <= concurrency; i++) {
            String worker = workerPrefix + i;
            Thread t = Thread.ofPlatform().daemon().name(worker).unstarted(() -> {
                try {
                    work(worker);
                } finally {
                    workersEnded.countDown();
                }
            });
            workers.add(t);
            t.start();
        }
    }

    int concurrency() {
        return concurrency;
    }

    boolean paused() {
        lock.lock();
        try {
            return paused;
        } finally {
            lock.unlock();
        }
    }

    /** Pausing lets the runs under way finish and leases nothing more until resumed. */
    void pause(boolean pause) {
        lock.lock();
        try {
            paused = pause;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** {@code workflow/status}'s answer. */
    ObjectNode status() {
        ObjectNode o = JSON.objectNode();
        var list = o.putArray("running");
        running.values().stream()
                .sorted(Comparator.comparing((Run r) -> r.startedAt).thenComparing(r -> r.entryId))
                .forEach(r -> list.addObject()
                        .put("entry_id", r.entryId)
                        .put("subject_id", r.subjectId)
                        .put("control_session_id", r.controlSessionId())
                        .put("started_at", r.startedAt.toString()));
        o.put("done", done.get());
        o.put("failed", failed.get());
        o.put("concurrency", concurrency);
        o.put("paused", paused());
        o.set("timings", timings.json());
        return o;
    }

    private void work(String worker) {
        while (!stopping) {
            if (!awaitUnpaused()) {
                return;
            }
            JsonNode entries;
            try {
                entries = control.call(
                                "queue/lease",
                                Map.of(
                                        "worker",
                                        worker,
                                        "lease_ms",
                                        config.leaseMs(),
                                        "max",
                                        1,
                                        "wait_ms",
                                        LEASE_WAIT_MS),
                                LEASE_CALL)
                        .path("entries");
            } catch (ControlException e) {
                if (stopping || !control.isOpen()) {
                    return;
                }
                log.println("workflow runner: " + worker + ": queue/lease failed: " + e.getMessage());
                pauseFor(RETRY);
                continue;
            }
            for (JsonNode entry : entries) {
                handle(entry);
            }
        }
    }

    private boolean awaitUnpaused() {
        lock.lock();
        try {
            while (paused && !stopping) {
                changed.await();
            }
            return !stopping;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    private void pauseFor(Duration d) {
        lock.lock();
        try {
            if (!stopping) {
                changed.await(d.toNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    private void handle(JsonNode entry) {
        String entryId = entry.path("id").asString("");
        String leaseId = entry.path("lease").path("lease_id").asString("");
        String subjectId = entry.path("subject_id").asString("");
        long leased = System.nanoTime();
        Run run = new Run(entryId, leaseId, subjectId, clock.instant());
        running.put(entryId, run);
        if (stopping) { // leased while the stop began: give it back
            if (run.abandon()) {
                giveBack(run);
            }
            running.remove(entryId);
            return;
        }
        long every = Math.max(1, config.leaseMs() / 3);
        ScheduledFuture<?> beat =
                heartbeats.scheduleAtFixedRate(() -> heartbeat(run), every, every, TimeUnit.MILLISECONDS);
        try {
            Outcome outcome = attempt(run);
            if (!run.finish()) {
                return; // the stop gives it back
            }
            if (settle(run, outcome)) {
                timings.add(System.nanoTime() - leased, run.runNanos());
            }
        } finally {
            beat.cancel(false);
            running.remove(entryId);
        }
    }

    private sealed interface Outcome {}

    private record Output(String text) implements Outcome {}

    private record Failure(String message) implements Outcome {}

    private Outcome attempt(Run run) {
        try {
            // one call: the update answers the subject as it is now (its title and body for the prompt)
            JsonNode subject = control.call(
                            "subject/update",
                            Map.of("id", run.subjectId, "patch", Map.of("status", "in-progress")),
                            CALL)
                    .path("subject");
            run.markInProgress();
            ObjectNode params =
                    JSON.objectNode().put("provider", config.provider()).put("prompt", config.render(subject));
            config.model().ifPresent(m -> params.put("model", m));
            StringBuilder streamed = new StringBuilder();
            long asked = System.nanoTime();
            try (ControlStream stream = control.stream("agent/run", params, CALL)) {
                for (Optional<JsonNode> v = stream.next(); v.isPresent(); v = stream.next()) {
                    JsonNode data = v.get();
                    switch (data.path("type").asString("")) {
                        case "started" ->
                            run.started(data.path("control_session_id").asString(""));
                        case "result" -> {
                            run.ran(System.nanoTime() - asked);
                            int code = data.path("exit_code").asInt(0);
                            String output = data.path("output").asString("");
                            return code == 0
                                    ? new Output(output)
                                    : new Failure("the provider exited " + code + ": " + output);
                        }
                        case "failed" -> {
                            return new Failure(data.path("message").asString("the run failed"));
                        }
                        default -> {
                            // thinking, tool calls, metadata: not part of the answer
                        }
                    }
                }
            }
            return new Failure("the run's stream ended without a result");
        } catch (ControlException e) {
            return new Failure(e.getMessage());
        }
    }

    /** Writes the outcome onto the subject and completes the entry; whether all of it was written. */
    private boolean settle(Run run, Outcome outcome) {
        try {
            switch (outcome) {
                case Output o -> {
                    // the comment and the status in one write: a watcher never sees the comment without it
                    control.call(
                            "subject/update",
                            Map.of("id", run.subjectId, "patch", Map.of("comment", o.text(), "status", "done")),
                            CALL);
                    complete(run, "done", Optional.empty());
                    done.incrementAndGet();
                    return true;
                }
                case Failure f -> {
                    String message = "workflow runner: " + f.message();
                    try {
                        control.call(
                                "subject/update",
                                Map.of("id", run.subjectId, "patch", Map.of("comment", message, "status", "blocked")),
                                CALL);
                    } catch (ControlException e) {
                        log.println("workflow runner: " + run.subjectId + " could not be marked blocked: "
                                + e.getMessage());
                    }
                    complete(run, "failed", Optional.of(f.message()));
                    failed.incrementAndGet();
                    return false;
                }
            }
        } catch (ControlException e) {
            // the lease then expires and the entry is leased again: redone, not lost
            log.println("workflow runner: " + run.entryId + " (" + run.subjectId + ") not settled: " + e.getMessage());
        }
        return false;
    }

    private void complete(Run run, String outcome, Optional<String> message) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("entry_id", run.entryId);
        p.put("lease_id", run.leaseId);
        p.put("outcome", outcome);
        message.ifPresent(m -> p.put("message", m));
        control.call("queue/completion", p, CALL);
    }

    private void heartbeat(Run run) {
        try {
            control.call(
                    "queue/heartbeat",
                    Map.of("entry_id", run.entryId, "lease_id", run.leaseId, "lease_ms", config.leaseMs()),
                    CALL);
        } catch (ControlException e) {
            log.println("workflow runner: heartbeat of " + run.entryId + " failed: " + e.getMessage());
        }
    }

    /** Cancels a run that the stop took, sets its subject back to {@code ready} and the entry to retry. */
    private void giveBack(Run run) {
        Duration bound = Duration.ofMillis(500);
        if (!run.controlSessionId().isEmpty()) {
            try {
                control.call("agent/cancel", Map.of("control_session_id", run.controlSessionId()), bound);
            } catch (ControlException e) {
                // ended already, or the daemon cancels it when this connection ends
            }
        }
        try {
            if (run.inProgress()) {
                control.call("subject/status", Map.of("id", run.subjectId, "status", "ready"), bound);
            }
            complete(run, "retry", Optional.of("the workflow runner stopped"));
        } catch (ControlException e) {
            log.println("workflow runner: " + run.entryId + " not given back (its lease expires): " + e.getMessage());
        }
    }

    /**
     * Stops within about {@code bound}: no more leases, every run under way cancelled and given
     * back (subject {@code ready}, entry {@code retry}), then the connection closed.
     */
    void stop(Duration bound) {
        stopping = true;
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        List<Thread> givers = new ArrayList<>();
        for (Run run : List.copyOf(running.values())) {
            if (run.abandon()) {
                givers.add(Thread.ofPlatform().daemon().start(() -> giveBack(run)));
            }
        }
        long deadline = System.nanoTime() + bound.toNanos();
        for (Thread t : givers) {
            try {
                t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            workersEnded.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
    }

    @Override
    public void close() {
        stopping = true;
        heartbeats.shutdownNow();
        control.close();
    }
}
