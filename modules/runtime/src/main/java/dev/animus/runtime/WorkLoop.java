package dev.animus.runtime;

import dev.animus.core.PluginKind;
import dev.animus.host.CallOptions;
import dev.animus.host.Supervisor;
import dev.animus.install.Permit;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The daemon's work loop (docs/daemon.md#the-work-loop): the keeper of the enabled
 * {@code workflow_runner} (spawned with the control socket, {@code workflow/start {concurrency}},
 * held for the daemon's life, restarted after it exits with 1, 2, 4 … s capped at 60 s) and the
 * dispatch that queues the ready subjects carrying the dispatch label every interval.
 *
 * <p>Nothing here keeps time by itself: the owner calls {@link #tick()} often (the daemon every
 * 200 ms; tests by hand, over a fake clock), and each tick does what is due. Thread-safe; ticks run
 * one at a time. {@link #close()} stops the runner first and gracefully (it gives its runs back
 * through the control socket, so the daemon closes its socket after this).
 */
public final class WorkLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkLoop.class);
    /** The agent the daemon's roles serve. */
    public static final String AGENT = "default";
    /** The longest wait between two starts of a runner that keeps exiting. */
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(60);
    /** A runner that ran this long before it exited starts again after 1 s. */
    static final Duration HEALTHY_RUN = Duration.ofSeconds(60);
    /** Subjects queued per dispatch at most (a page of 100, ten pages). */
    static final int MAX_PAGES = 10;

    private static final CallOptions ROLE_CALL = CallOptions.defaults().withTimeout(Duration.ofSeconds(30));

    private final Animus animus;
    private final Plugins plugins;
    private final DaemonConfig.Dispatch dispatch;
    private final Path controlSocket;
    private final InstantSource clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Set<String> said = ConcurrentHashMap.newKeySet(); // from the tick and the role calls
    private final ReentrantLock roles = new ReentrantLock(); // the resolved roles, apart from the tick's lock
    private final Map<RoleKey, Optional<Role>> resolved = new HashMap<>();
    private GrantsStamp rolesStamp;

    private Optional<PluginHandle> runner = Optional.empty();
    private Optional<Supervisor.Hold> hold = Optional.empty();
    private OptionalLong runnerPid = OptionalLong.empty();
    private Instant runnerStarted;
    private int failures;
    private Instant nextStart;
    private Instant nextDispatch;
    private long starts;
    private long queued;
    private boolean closed;

    /**
     * The loop of {@code animus}'s project over {@code plugins}, its runner told
     * {@code controlSocket} (absolute), fed as {@code dispatch} says.
     */
    public WorkLoop(
            Animus animus, Plugins plugins, DaemonConfig.Dispatch dispatch, Path controlSocket, InstantSource clock) {
        this.animus = Objects.requireNonNull(animus, "animus");
        this.plugins = Objects.requireNonNull(plugins, "plugins");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        this.controlSocket = Objects.requireNonNull(controlSocket, "controlSocket");
        this.clock = Objects.requireNonNull(clock, "clock");
        Instant now = clock.instant();
        this.nextStart = now;
        this.nextDispatch = now;
    }

    /** The wait before start number {@code failures + 1} of a runner that exited {@code failures} times in a row. */
    public static Duration backoff(int failures) {
        if (failures <= 0) {
            return Duration.ZERO;
        }
        long seconds = 1L << Math.min(failures - 1, 6);
        return Duration.ofSeconds(Math.min(seconds, MAX_BACKOFF.toSeconds()));
    }

    /**
     * The plugin serving {@code kind} for the daemon, registered in its plugins: the first enabled
     * one by name (another one enabled too is logged), a workflow runner told the control socket.
     * Empty when none is installed and enabled.
     *
     * @throws dev.animus.install.LaunchRefused or {@link RequirementMissing} when its permit is refused
     */
    public Optional<Role> role(PluginKind.Routed kind, String agent) {
        // every queue/* and workflow/* call of the runner comes here: the state, the manifests and
        // the gate are asked again only when the files that decide them changed (as PermitCache
        // does for plugin/call), so a warm call costs the stamp's stats
        GrantsStamp now = animus.grantsStamp();
        RoleKey key = new RoleKey(kind, agent);
        roles.lock();
        try {
            if (!now.equals(rolesStamp)) {
                resolved.clear();
                rolesStamp = now;
            }
            Optional<Role> known = resolved.get(key);
            if (known == null) {
                known = resolve(kind, agent);
                resolved.put(key, known);
            }
            return known;
        } finally {
            roles.unlock();
        }
    }

    private record RoleKey(PluginKind.Routed kind, String agent) {}

    private Optional<Role> resolve(PluginKind.Routed kind, String agent) {
        List<String> names = animus.pluginsOfKind(kind, agent);
        if (names.isEmpty()) {
            return Optional.empty();
        }
        if (names.size() > 1) {
            sayOnce(
                    "two:" + kind + names,
                    "more than one " + PluginKind.of(kind).declared() + " is enabled (" + names + "): the daemon uses "
                            + names.getFirst());
        }
        String name = names.getFirst();
        Permit permit = animus.permit(name, agent);
        PluginHandle handle = kind == PluginKind.Routed.WORKFLOW_RUNNER
                ? animus.register(permit, plugins, Optional.empty(), controlSocket)
                : animus.register(permit, plugins);
        return Optional.of(new Role(name, handle));
    }

    /** A role's plugin: its installed name and handle. */
    public record Role(String name, PluginHandle handle) {}

    /** Does what is due now: starts (or restarts) the runner, queues the ready subjects. */
    public void tick() {
        lock.lock();
        try {
            if (closed || !dispatch.enabled()) {
                if (!closed) {
                    sayOnce(
                            "disabled",
                            "the work loop is disabled ([dispatch] enabled = false in .animus/daemon.toml)");
                }
                return;
            }
            Instant now = clock.instant();
            keep(now);
            if (!now.isBefore(nextDispatch)) {
                nextDispatch = now.plus(dispatch.interval());
                dispatchReady();
            }
        } catch (RuntimeException e) { // a bug must not end the loop: the next tick tries again
            LOG.error("the work loop's tick failed", e);
        } finally {
            lock.unlock();
        }
    }

    private void keep(Instant now) {
        if (runner.isPresent()) {
            OptionalLong pid = runner.get().status().pid();
            if (pid.isPresent() && pid.equals(runnerPid)) {
                return; // running
            }
            LOG.warn(
                    "the workflow runner {} exited; it starts again in {}",
                    runner.get().name(),
                    backoff(failures + 1));
            boolean healthy = Duration.between(runnerStarted, now).compareTo(HEALTHY_RUN) >= 0;
            failures = healthy ? 1 : failures + 1;
            nextStart = now.plus(backoff(failures));
            release();
        }
        if (now.isBefore(nextStart)) {
            return;
        }
        Optional<Role> r;
        try {
            r = role(PluginKind.Routed.WORKFLOW_RUNNER, AGENT);
            if (r.isEmpty()) {
                sayOnce(
                        "no-runner",
                        "no workflow_runner is enabled: the work loop does not run (install the default plugins)");
                nextStart = now.plus(dispatch.interval());
                return;
            }
            if (role(PluginKind.Routed.QUEUE, AGENT).isEmpty()) {
                sayOnce("no-queue", "no queue is enabled: the work loop does not run (install the default plugins)");
                nextStart = now.plus(dispatch.interval());
                return;
            }
            PluginHandle h = r.get().handle();
            Supervisor.Hold held = h.hold();
            try {
                h.call(
                        "workflow/start",
                        JsonNodeFactory.instance.objectNode().put("concurrency", dispatch.concurrency()),
                        ROLE_CALL);
            } catch (RuntimeException e) {
                held.close();
                throw e;
            }
            runner = Optional.of(h);
            hold = Optional.of(held);
            runnerPid = h.status().pid();
            runnerStarted = now;
            starts++;
            said.removeIf(k -> k.startsWith("no-"));
            LOG.info(
                    "workflow runner {} started (pid {}, concurrency {})", h.name(), runnerPid, dispatch.concurrency());
        } catch (RuntimeException e) {
            failures++;
            nextStart = now.plus(backoff(failures));
            LOG.warn("the workflow runner could not be started: {}; next try in {}", e.getMessage(), backoff(failures));
        }
    }

    private void dispatchReady() {
        Optional<Role> queue;
        try {
            queue = role(PluginKind.Routed.QUEUE, AGENT);
        } catch (RuntimeException e) {
            LOG.warn("dispatch: the queue cannot be used: {}", e.getMessage());
            return;
        }
        if (queue.isEmpty()) {
            sayOnce("no-queue-dispatch", "no queue is enabled: nothing is dispatched (install the default plugins)");
            return;
        }
        Subjects subjects = animus.subjects(plugins, AGENT, Optional.empty());
        try {
            // kind by kind: a backend serving several kinds answers a list without one for one kind only
            for (KindRow row : subjects.kinds()) {
                if (row.pattern().contains("*")) {
                    continue; // a pattern, not a kind: its subjects are listed under their own kinds
                }
                dispatchKind(subjects, row.pattern(), queue.get());
            }
        } catch (RuntimeException e) {
            LOG.warn("dispatch failed: {}", e.getMessage());
        }
    }

    private void dispatchKind(Subjects subjects, String kind, Role queue) {
        SubjectFilter filter = SubjectFilter.all()
                .withKinds(List.of(kind))
                .withStatuses(List.of(SubjectStatus.READY))
                .withLabelsAny(List.of(dispatch.label()))
                .withLimit(100);
        for (int page = 0; page < MAX_PAGES; page++) {
            SubjectPage p = subjects.list(filter);
            for (Subject s : p.subjects()) {
                var result = queue.handle()
                        .call(
                                "queue/enqueue",
                                JsonNodeFactory.instance.objectNode().put("subject_id", s.id()),
                                ROLE_CALL);
                if (result.path("created").asBoolean(false)) {
                    queued++;
                }
            }
            if (p.nextCursor().isEmpty()) {
                return;
            }
            filter = filter.withCursor(p.nextCursor());
        }
    }

    private void sayOnce(String key, String line) {
        if (said.add(key)) {
            LOG.info(line);
        }
    }

    private void release() {
        hold.ifPresent(Supervisor.Hold::close);
        hold = Optional.empty();
        runner = Optional.empty();
        runnerPid = OptionalLong.empty();
    }

    /** How many times the runner was started. */
    public long starts() {
        lock.lock();
        try {
            return starts;
        } finally {
            lock.unlock();
        }
    }

    /** How many entries the dispatch created. */
    public long queued() {
        lock.lock();
        try {
            return queued;
        } finally {
            lock.unlock();
        }
    }

    /** When the runner is next started (while none runs). */
    public Instant nextStart() {
        lock.lock();
        try {
            return nextStart;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stops the runner gracefully (the host's bounded shutdown: {@code shutdown}, {@code exit}, then
     * its kill): it gives its runs back while the control socket still serves. Idempotent.
     */
    @Override
    public void close() {
        Optional<PluginHandle> stopping;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            stopping = runner;
            release();
        } finally {
            lock.unlock();
        }
        stopping.ifPresent(h -> {
            LOG.info("stopping the workflow runner {}", h.name());
            h.stopProcess();
        });
    }
}
