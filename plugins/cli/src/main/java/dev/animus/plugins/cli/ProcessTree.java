package dev.animus.plugins.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * The process tree of one command: the command started as the leader of a session of its own
 * (through {@code setsid}), so its tree is its descendants plus every live process of that session
 * (read from {@code /proc}), which keeps the grandchildren whose parents died. Without
 * {@code setsid} (not Linux) it is the descendants only. Stateless.
 */
final class ProcessTree {

    private static final Optional<Path> SETSID = Stream.of("/usr/bin/setsid", "/bin/setsid")
            .map(Path::of)
            .filter(Files::isExecutable)
            .findFirst();

    /** How often a kill looks again for members that are still there. */
    private static final long RESCAN_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private ProcessTree() {}

    /** {@code argv} started as a session leader, where {@code setsid} exists. */
    static List<String> inOwnSession(List<String> argv) {
        if (SETSID.isEmpty()) {
            return argv;
        }
        List<String> wrapped = new ArrayList<>();
        wrapped.add(SETSID.get().toString());
        wrapped.addAll(argv);
        return wrapped;
    }

    /**
     * SIGKILLs the tree of {@code root} until no member is left or {@code bound} has passed: a
     * member killed cannot fork any more, so each look finds fewer.
     *
     * @return whether the tree is gone
     */
    static boolean kill(ProcessHandle root, Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            Set<ProcessHandle> members = members(root);
            if (members.isEmpty()) {
                return true;
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            members.forEach(ProcessHandle::destroyForcibly);
            LockSupport.parkNanos(RESCAN_NANOS);
        }
    }

    /** The live members of {@code root}'s tree, the root first when it lives. */
    static Set<ProcessHandle> members(ProcessHandle root) {
        Set<ProcessHandle> members = new LinkedHashSet<>();
        members.add(root);
        root.descendants().forEach(members::add);
        members.addAll(sessionMembers(root.pid()));
        members.removeIf(p -> !alive(p));
        return members;
    }

    /** Whether {@code p} runs: alive and not a zombie waiting to be reaped. */
    static boolean alive(ProcessHandle p) {
        return p.isAlive() && !stat(p.pid()).map(s -> s.state() == 'Z').orElse(false);
    }

    private static List<ProcessHandle> sessionMembers(long sid) {
        List<ProcessHandle> found = new ArrayList<>();
        try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : proc) {
                long pid;
                try {
                    pid = Long.parseLong(dir.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                stat(pid)
                        .filter(s -> s.session() == sid || s.group() == sid)
                        .flatMap(s -> ProcessHandle.of(pid))
                        .ifPresent(found::add);
            }
        } catch (IOException e) {
            // no /proc (not Linux): the descendants are all there is to find
        }
        return found;
    }

    /** The fields of {@code /proc/<pid>/stat} a kill needs. */
    private record Stat(char state, long group, long session) {}

    private static Optional<Stat> stat(long pid) {
        try {
            String line = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses
            String[] rest = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return Optional.of(new Stat(rest[0].charAt(0), Long.parseLong(rest[2]), Long.parseLong(rest[3])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // gone, or no /proc
        }
    }
}
