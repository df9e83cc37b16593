package dev.animus.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At a daemon's start, ends the plugin processes a killed predecessor left running
 * (docs/operations.md#orphaned-plugins-are-reaped): for every entry of {@code <scope>.plugins.json},
 * the recorded process (when its pid, start time and boot all still match: a reused pid is never
 * touched), every process of the session it leads (plugins start as session leaders, so this finds
 * a grandchild whose parent died) that started no earlier than it, and their descendants with their
 * own sessions. Each gets SIGTERM; whatever still runs after the grace gets SIGKILL. Then the
 * record file is removed. Needs {@code /proc}; without it the records are removed and nothing is
 * killed.
 */
public final class OrphanReaper {
    private static final Logger LOG = LoggerFactory.getLogger(OrphanReaper.class);
    /** How long SIGKILLed processes are given to disappear before the reaper gives up on them. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);

    private OrphanReaper() {}

    /**
     * What a reaping did.
     *
     * @param reaped the records whose processes were found and ended (SIGTERM, then SIGKILL)
     * @param gone the records that named no live process (already gone, or the pid reused)
     * @param survivors pids still running after SIGKILL and its wait (a process in uninterruptible
     *     sleep, or one of another user's); empty normally
     */
    public record Reaped(List<PluginRecord> reaped, List<PluginRecord> gone, List<Long> survivors) {
        public Reaped {
            reaped = List.copyOf(reaped);
            gone = List.copyOf(gone);
            survivors = List.copyOf(survivors);
        }
    }

    /**
     * Reaps what the records of {@code lock}'s scope name, then removes the record file. Holding
     * the lock proves that the daemon that wrote them is gone.
     *
     * @param grace how long SIGTERM is given before SIGKILL
     * @throws DaemonFailure {@link DaemonFailure.Reason#FILES} when the record file cannot be removed
     */
    public static Reaped reap(DaemonLock lock, Duration grace) {
        Objects.requireNonNull(grace, "grace");
        Path file = lock.scope().pluginsFile();
        List<PluginRecord> records = PluginRecords.read(file);
        List<PluginRecord> reaped = new ArrayList<>();
        List<PluginRecord> gone = new ArrayList<>();
        Set<Long> all = new LinkedHashSet<>();
        if (Procfs.available()) {
            Map<Long, Procfs.Stat> procs = scan();
            String boot = Procfs.bootId();
            for (PluginRecord r : records) {
                Set<Long> tree = tree(r, procs, boot);
                if (tree.isEmpty()) {
                    gone.add(r);
                } else {
                    reaped.add(r);
                    all.addAll(tree);
                    LOG.info("reaping orphaned plugin {} (pid {}): {} process(es)", r.plugin(), r.pid(), tree.size());
                }
            }
        } else {
            gone.addAll(records);
        }
        List<Long> survivors = List.of();
        if (!all.isEmpty()) {
            signal(all, false);
            Set<Long> left = waitGone(all, grace);
            if (!left.isEmpty()) {
                // a process that forked meanwhile: take the trees again before the forceful round
                Map<Long, Procfs.Stat> procs = scan();
                String boot = Procfs.bootId();
                for (PluginRecord r : reaped) {
                    left.addAll(tree(r, procs, boot));
                }
                signal(left, true);
                survivors = List.copyOf(waitGone(left, KILL_WAIT));
                if (!survivors.isEmpty()) {
                    LOG.warn("orphaned plugin processes survived SIGKILL: {}", survivors);
                }
            }
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot remove the plugin records " + file + ": " + e.getMessage(),
                    "remove it by hand",
                    e);
        }
        return new Reaped(reaped, gone, survivors);
    }

    /** The running processes that belong to the plugin {@code r} names; empty when none. */
    private static Set<Long> tree(PluginRecord r, Map<Long, Procfs.Stat> procs, String boot) {
        Set<Long> in = new LinkedHashSet<>();
        if (r.startTicks() <= 0 || !r.bootId().equals(boot)) {
            return in;
        }
        Procfs.Stat leader = procs.get(r.pid());
        if (leader != null && leader.running() && leader.startTicks() == r.startTicks()) {
            in.add(r.pid());
        }
        // its session outlives it while a member runs, and the kernel does not reuse the number meanwhile
        for (Procfs.Stat s : procs.values()) {
            if (s.running() && s.session() == r.pid() && s.startTicks() >= r.startTicks()) {
                in.add(s.pid());
            }
        }
        if (in.isEmpty()) {
            return in;
        }
        long ownSession =
                procs.containsKey(Procfs.SELF) ? procs.get(Procfs.SELF).session() : -1;
        Set<Long> sessions = new LinkedHashSet<>();
        sessions.add(r.pid());
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Procfs.Stat s : procs.values()) {
                if (!s.running() || s.pid() == Procfs.SELF || s.session() == ownSession) {
                    continue;
                }
                boolean member = in.contains(s.ppid()) || sessions.contains(s.session()) || in.contains(s.pid());
                if (member && s.startTicks() >= r.startTicks()) {
                    grew |= in.add(s.pid());
                    grew |= s.session() > 0 && sessions.add(s.session());
                }
            }
        }
        in.remove(Procfs.SELF);
        return in;
    }

    private static Map<Long, Procfs.Stat> scan() {
        Map<Long, Procfs.Stat> procs = new HashMap<>();
        for (Procfs.Stat s : Procfs.all()) {
            procs.put(s.pid(), s);
        }
        return procs;
    }

    private static void signal(Set<Long> pids, boolean forcibly) {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(h -> {
                if (forcibly) {
                    h.destroyForcibly();
                } else {
                    h.destroy();
                }
            });
        }
    }

    /** Waits until none of {@code pids} runs, at most {@code wait}; returns those that still do. */
    private static Set<Long> waitGone(Set<Long> pids, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        Set<Long> left = new LinkedHashSet<>(pids);
        while (true) {
            left.removeIf(pid -> Procfs.stat(pid).map(s -> !s.running()).orElse(true));
            if (left.isEmpty() || System.nanoTime() - deadline >= 0) {
                return left;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }
}
