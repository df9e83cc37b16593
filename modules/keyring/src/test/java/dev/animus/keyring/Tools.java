package dev.animus.keyring;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/** Test helpers: the tools on this machine, scripts standing in for secret-tool, and /proc. */
final class Tools {
    /**
     * The lock of the test classes that write scripts and run processes: they run one after
     * another. A script written while another thread of the same JVM spawns a process can be held
     * open for writing by that child for a moment, and running the script then fails with "Text
     * file busy" (ETXTBSY; seen in CI as a ProcessSafetyTest error).
     */
    static final String PROCESSES = "keyring-processes";

    private Tools() {}

    /** {@code name} on this JVM's PATH. */
    static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Skips the test, visibly (stderr and the skip reason), unless every tool is installed. */
    static void assumeInstalled(String... names) {
        List<String> missing = new ArrayList<>();
        for (String n : names) {
            if (onPath(n).isEmpty()) {
                missing.add(n);
            }
        }
        if (!missing.isEmpty()) {
            String why = "SKIPPED: " + String.join(", ", missing) + " not installed (packages libsecret-tools,"
                    + " gnome-keyring, dbus-daemon); the Secret Service tests need a real gnome-keyring-daemon";
            System.err.println(why);
            assumeTrue(false, why);
        }
    }

    /** The real secret-tool; the test is skipped (visibly) without it. */
    static Path secretTool() {
        assumeInstalled("secret-tool");
        return onPath("secret-tool").orElseThrow();
    }

    /** An executable {@code sh} script at {@code dir/name}. */
    static Path script(Path dir, String name, String body) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    /** Live processes whose environment holds {@code entry} (e.g. {@code HOME=/tmp/x}). */
    static List<Long> withEnvironment(String entry) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            byte[] env = read(Path.of("/proc", Long.toString(pid), "environ"));
            for (String e : new String(env, StandardCharsets.UTF_8).split("\0")) {
                if (e.equals(entry)) {
                    out.add(pid);
                    break;
                }
            }
        }
        return out;
    }

    /** Every live process's command line, NULs turned into spaces. */
    static List<String> cmdlines() {
        List<String> out = new ArrayList<>();
        for (long pid : pids()) {
            byte[] b = read(Path.of("/proc", Long.toString(pid), "cmdline"));
            if (b.length > 0) {
                out.add(new String(b, StandardCharsets.UTF_8).replace('\0', ' '));
            }
        }
        return out;
    }

    /** Every live process's environment, NULs turned into newlines. */
    static List<String> environs() {
        List<String> out = new ArrayList<>();
        for (long pid : pids()) {
            byte[] b = read(Path.of("/proc", Long.toString(pid), "environ"));
            if (b.length > 0) {
                out.add(new String(b, StandardCharsets.UTF_8).replace('\0', '\n'));
            }
        }
        return out;
    }

    private static List<Long> pids() {
        try (Stream<Path> s = Files.list(Path.of("/proc"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.chars().allMatch(Character::isDigit))
                    .map(Long::parseLong)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException | RuntimeException e) {
            return new byte[0]; // gone, or not ours to read
        }
    }

    /**
     * Waits up to {@code millis} for no process to hold {@code entry} in its environment: each one
     * found is awaited through its {@link ProcessHandle#onExit()} (they are not our children, but a
     * handle still reports their exit), then the processes are listed again.
     */
    static List<Long> awaitNoneWithEnvironment(String entry, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        List<Long> left = withEnvironment(entry);
        while (!left.isEmpty() && System.nanoTime() < end) {
            for (long pid : left) {
                long remaining = end - System.nanoTime();
                if (remaining <= 0) {
                    break;
                }
                ProcessHandle.of(pid).ifPresent(h -> {
                    try {
                        h.onExit().get(remaining, TimeUnit.NANOSECONDS);
                    } catch (ExecutionException | TimeoutException e) {
                        // still there: listed again below
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            left = withEnvironment(entry);
        }
        return left;
    }
}
