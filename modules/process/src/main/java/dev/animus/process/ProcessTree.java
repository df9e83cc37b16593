package dev.animus.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The processes that belong to one plugin: the plugin itself, its descendants, everything in the
 * sessions it and they lead (plugins are started as session leaders, so a grandchild keeps the
 * session even after its parent died and was re-parented), and, when the JVM is a child
 * {@link Subreaper}, the orphans it adopted that can only be this plugin's, with their own trees.
 *
 * <p>An orphan is a process the JVM adopted: its child, in a session that is not the JVM's, and
 * not one of the {@link LiveRoots}; one of the plugin's processes that called {@code setsid()} and
 * whose parent died is one. The kernel does not say where it came from, so it is attributed by
 * time: it is this plugin's when it started after this plugin and after no other live root. One
 * that started while other roots ran is left to the last of them (and, at the latest, to the
 * shutdown hook, which kills every orphan). Read from one scan of {@code /proc} per call; without
 * {@code /proc}, the descendants only. Stateless; thread-safe.
 */
final class ProcessTree {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessTree.class);
    private static final Path PROC = Path.of("/proc");
    private static final long SELF = ProcessHandle.current().pid();

    private ProcessTree() {}

    /** One line of {@code /proc/<pid>/stat}: the fields the tree needs. */
    private record Stat(long pid, String state, long ppid, long session, long startTicks) {
        boolean running() {
            return !state.equals("Z") && !state.equals("X");
        }
    }

    /**
     * Live members of the tree rooted at {@code root} (started at {@code rootStartTicks}, see
     * {@link #startTicks}), the root last (so children go first).
     */
    static Set<ProcessHandle> members(ProcessHandle root, long rootStartTicks, boolean sessionLeader) {
        if (!Files.isDirectory(PROC)) {
            var members = new LinkedHashSet<ProcessHandle>();
            root.descendants().forEach(members::add);
            if (root.isAlive()) {
                members.add(root);
            }
            return members;
        }
        Map<Long, Stat> all = scan();
        Stat now = all.get(root.pid());
        // the root was reaped and its pid reused: then its session is empty too (a session's id is
        // not reused while it has members), and the tree is the orphans it may own alone
        boolean reused = now != null && rootStartTicks > 0 && now.startTicks() != rootStartTicks;
        List<Long> seeds = new ArrayList<>();
        if (!reused) {
            seeds.add(root.pid());
        }
        Optional<Map<Long, Long>> roots = Subreaper.active() ? LiveRoots.afterScan() : Optional.empty();
        roots.ifPresent(r -> reapDead(all, r));
        roots.ifPresent(r -> {
            for (Stat orphan : orphans(all, r)) {
                if (isOf(orphan, root.pid(), rootStartTicks, r)) {
                    seeds.add(orphan.pid());
                }
            }
        });
        Set<Long> sessions = new HashSet<>();
        if (sessionLeader && !reused) {
            sessions.add(root.pid());
        }
        Set<Long> pids = closure(all, seeds, sessions);
        if (!reused) {
            pids.remove(root.pid());
            pids.add(root.pid());
        }
        return handles(all, pids);
    }

    /** Every orphan the JVM adopted (see the class comment) with its tree: for the shutdown hook. */
    static Set<ProcessHandle> allOrphans() {
        if (!Subreaper.active() || !Files.isDirectory(PROC)) {
            return Set.of();
        }
        Map<Long, Stat> all = scan();
        Map<Long, Long> roots = LiveRoots.afterScan().orElse(Map.of()); // at exit the roots die too
        List<Long> seeds = orphans(all, roots).stream().map(Stat::pid).toList();
        return handles(all, closure(all, seeds, new HashSet<>()));
    }

    /** The JVM's adopted children that are running: in a session not the JVM's, and not roots. */
    private static List<Stat> orphans(Map<Long, Stat> all, Map<Long, Long> roots) {
        long ownSession = sessionOfSelf(all);
        return all.values().stream()
                .filter(s ->
                        s.ppid() == SELF && s.running() && s.session() != ownSession && !roots.containsKey(s.pid()))
                .toList();
    }

    /** Whether {@code orphan} started after {@code root} and after no other live root. */
    private static boolean isOf(Stat orphan, long root, long rootStartTicks, Map<Long, Long> roots) {
        if (orphan.startTicks() < rootStartTicks) {
            return false;
        }
        for (Map.Entry<Long, Long> other : roots.entrySet()) {
            if (other.getKey() != root && other.getValue() <= orphan.startTicks()) {
                return false; // as much that root's as this one's: its stop takes it
            }
        }
        return true;
    }

    /**
     * The seeds, every descendant of theirs, and every process of a session one of them is in
     * (the JVM's own session excepted) or that is in {@code sessions}, until nothing is added.
     */
    private static Set<Long> closure(Map<Long, Stat> all, List<Long> seeds, Set<Long> sessions) {
        long ownSession = sessionOfSelf(all);
        Set<Long> in = new LinkedHashSet<>();
        for (long seed : seeds) {
            add(all.get(seed), seed, in, sessions, ownSession);
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Stat s : all.values()) {
                if (!in.contains(s.pid())
                        && s.pid() != SELF
                        && (in.contains(s.ppid()) || sessions.contains(s.session()))) {
                    add(s, s.pid(), in, sessions, ownSession);
                    grew = true;
                }
            }
        }
        return in;
    }

    private static void add(Stat s, long pid, Set<Long> in, Set<Long> sessions, long ownSession) {
        in.add(pid);
        if (s != null && s.session() != ownSession && s.session() > 0) {
            sessions.add(s.session());
        }
    }

    private static long sessionOfSelf(Map<Long, Stat> all) {
        Stat self = all.get(SELF);
        return self != null ? self.session() : -1;
    }

    /** Handles of the running ones among {@code pids}, in that order. */
    private static Set<ProcessHandle> handles(Map<Long, Stat> all, Set<Long> pids) {
        var members = new LinkedHashSet<ProcessHandle>();
        for (long pid : pids) {
            Stat s = all.get(pid);
            if (s != null && s.running()) {
                ProcessHandle.of(pid).ifPresent(members::add);
            }
        }
        return members;
    }

    /**
     * Reaps the adopted children that died (an orphan the tree killed is a zombie of the JVM's
     * until then); {@code roots} as {@link LiveRoots#afterScan()} gave them after the scan.
     */
    private static void reapDead(Map<Long, Stat> all, Map<Long, Long> roots) {
        long ownSession = sessionOfSelf(all);
        for (Stat s : all.values()) {
            if (s.ppid() == SELF && !s.running() && s.session() != ownSession && !roots.containsKey(s.pid())) {
                Subreaper.reap(s.pid());
            }
        }
    }

    private static Map<Long, Stat> scan() {
        Map<Long, Stat> all = new HashMap<>();
        try (DirectoryStream<Path> dirs =
                Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                String[] f = statFields(dir);
                if (f.length > 19) {
                    all.put(
                            pid,
                            new Stat(pid, f[0], Long.parseLong(f[1]), Long.parseLong(f[3]), Long.parseLong(f[19])));
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot list /proc: {}", e.getMessage());
        }
        return all;
    }

    /** The start time of {@code pid} in clock ticks since boot; empty when it is gone. */
    static Optional<Long> startTicks(long pid) {
        String[] f = statFields(PROC.resolve(Long.toString(pid)));
        try {
            return f.length > 19 ? Optional.of(Long.parseLong(f[19])) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The session id from {@code /proc/<pid>/stat}, or -1 when the process is gone. */
    static long sessionOf(Path procDir) {
        String[] f = statFields(procDir);
        return f.length > 3 ? Long.parseLong(f[3]) : -1;
    }

    /**
     * Whether {@code pid} is running: it exists and is not a zombie. A killed process whose parent
     * died too waits for init to reap it, and {@link ProcessHandle#isAlive()} still says true then.
     */
    static boolean isRunning(long pid) {
        String[] f = statFields(PROC.resolve(Long.toString(pid)));
        if (f.length == 0) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        return !f[0].equals("Z") && !f[0].equals("X");
    }

    /** Fields of {@code /proc/<pid>/stat} after the command name (state first); empty when gone. */
    private static String[] statFields(Path procDir) {
        try {
            String stat = Files.readString(procDir.resolve("stat"), StandardCharsets.UTF_8);
            // pid (comm) state ppid pgrp session ... ; comm may hold spaces and parentheses
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return new String[0];
        }
    }

    private static boolean isNumeric(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Sends SIGTERM to each member. */
    static void terminate(Set<ProcessHandle> members) {
        members.forEach(ProcessHandle::destroy);
    }

    /** Sends SIGKILL to each member. */
    static void kill(Set<ProcessHandle> members) {
        members.forEach(ProcessHandle::destroyForcibly);
    }
}
