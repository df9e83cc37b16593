package dev.animus.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What {@code /proc} says about processes: a process's state, parent, session and start time
 * (field 22 of {@code /proc/<pid>/stat}, clock ticks since boot) and this boot's id
 * ({@code /proc/sys/kernel/random/boot_id}), which makes a recorded start time comparable across
 * reboots: a record from another boot names no live process. Empty answers where there is no
 * {@code /proc}. Stateless.
 */
final class Procfs {
    private static final Path PROC = Path.of("/proc");
    static final long SELF = ProcessHandle.current().pid();

    private Procfs() {}

    /** The fields of one {@code /proc/<pid>/stat} line that the daemon needs. */
    record Stat(long pid, String state, long ppid, long session, long startTicks) {
        /** Neither a zombie nor dead. */
        boolean running() {
            return !state.equals("Z") && !state.equals("X");
        }
    }

    /** Whether {@code /proc} can be read here. */
    static boolean available() {
        return Files.isReadable(PROC.resolve("self").resolve("stat"));
    }

    /** The stat of {@code pid}; empty when it is gone (or there is no {@code /proc}). */
    static Optional<Stat> stat(long pid) {
        return stat(pid, PROC.resolve(Long.toString(pid)));
    }

    private static Optional<Stat> stat(long pid, Path dir) {
        try {
            String line = Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8);
            // pid (comm) state ppid pgrp session ... starttime is field 22; comm may hold spaces and ')'
            String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
            if (f.length <= 19) {
                return Optional.empty();
            }
            return Optional.of(new Stat(pid, f[0], Long.parseLong(f[1]), Long.parseLong(f[3]), Long.parseLong(f[19])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every process {@code /proc} lists. */
    static List<Stat> all() {
        List<Stat> all = new ArrayList<>();
        try (DirectoryStream<Path> dirs =
                Files.newDirectoryStream(PROC, p -> numeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                stat(Long.parseLong(dir.getFileName().toString()), dir).ifPresent(all::add);
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return all;
    }

    /** The start time of {@code pid} in clock ticks since boot, when it runs. */
    static OptionalLong startTicks(long pid) {
        return stat(pid)
                .filter(Stat::running)
                .map(s -> OptionalLong.of(s.startTicks()))
                .orElse(OptionalLong.empty());
    }

    /**
     * Whether {@code pid} is the process that started at {@code startTicks} in boot
     * {@code bootId} and still runs. Without {@code /proc}, whether some process has that pid.
     */
    static boolean isSameRunning(long pid, long startTicks, String bootId) {
        if (pid <= 0) {
            return false;
        }
        if (!available()) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        if (!bootId.isEmpty() && !bootId.equals(bootId())) {
            return false;
        }
        return stat(pid)
                .filter(Stat::running)
                .map(s -> startTicks <= 0 || s.startTicks() == startTicks)
                .orElse(false);
    }

    /** This boot's id; empty when unknown. */
    static String bootId() {
        try {
            return Files.readString(PROC.resolve("sys/kernel/random/boot_id"), StandardCharsets.US_ASCII)
                    .trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The effective uid of this process (the owner of {@code /proc/self}); empty without /proc. */
    static OptionalLong selfUid() {
        try {
            Object uid = Files.getAttribute(PROC.resolve("self"), "unix:uid");
            return uid instanceof Integer i ? OptionalLong.of(i) : OptionalLong.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    private static boolean numeric(String s) {
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
}
