package dev.animus.runtime.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What /proc says about this JVM and the processes of one chaos run (Linux only). */
final class ProcFacts {
    private ProcFacts() {}

    /** This JVM's open file descriptors: number → what it points at. */
    static Map<Integer, String> fds() {
        Map<Integer, String> out = new TreeMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : dir) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    target = "?"; // the directory stream's own fd, closed by now
                }
                out.put(Integer.parseInt(fd.getFileName().toString()), target);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/self/fd: " + e.getMessage(), e);
        }
        out.values().removeIf("?"::equals);
        return out;
    }

    /** Live platform threads of this JVM. */
    static int threads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    /** Live platform threads by name, digits replaced by {@code #} ("ForkJoinPool-#-worker-#": 3). */
    static Map<String, Integer> threadNames() {
        Map<String, Integer> out = new TreeMap<>();
        Thread.getAllStackTraces().keySet().forEach(t -> out.merge(t.getName().replaceAll("[0-9]+", "#"), 1, Integer::sum));
        return out;
    }

    /**
     * CPU time of every task of this process (JVM-internal threads included: GC, JIT, VM thread),
     * as "name#tid" → ns, from /proc/self/task/(tid)/stat.
     */
    static Map<String, Long> threadCpuNanos() {
        Map<String, Long> out = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    out.put(name + "#" + task.getFileName(), ticks * 10_000_000L); // USER_HZ 100
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/self/task: " + e.getMessage(), e);
        }
        return out;
    }

    /** The {@code n} threads that used the most CPU between two {@link #threadCpuNanos} snapshots, in ms. */
    static String busiest(Map<String, Long> before, Map<String, Long> after, int n) {
        return after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(n)
                .map(e -> e.getKey() + "=" + String.format("%.1f", e.getValue() / 1e6) + "ms")
                .toList().toString();
    }

    /** The live heap by class ("class name" → bytes), from the DiagnosticCommand MBean (GC.class_histogram). */
    static Map<String, Long> classHistogram() {
        try {
            String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {null}, new String[] {String[].class.getName()});
            Map<String, Long> out = new TreeMap<>();
            for (String line : text.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 4 && f[0].endsWith(":")) {
                    out.merge(f[3], Long.parseLong(f[2]), Long::sum);
                }
            }
            return out;
        } catch (javax.management.JMException e) {
            throw new IllegalStateException("no class histogram: " + e.getMessage(), e);
        }
    }

    /** The {@code n} classes whose live bytes grew most between two {@link #classHistogram}s. */
    static String grownMost(Map<String, Long> before, Map<String, Long> after, int n) {
        return after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(n)
                .map(e -> e.getKey() + " +" + e.getValue() / 1024 + " KiB")
                .toList().toString();
    }

    /** Heap in use after two full collections, in bytes. */
    static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** A field of /proc/self/status in kB ({@code VmRSS}, ...). */
    static long statusKb(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/status: " + e.getMessage(), e);
        }
        throw new IllegalStateException("no " + field + " in /proc/self/status");
    }

    /** One process still around: pid, state letter (Z: a zombie) and command line. */
    record Proc(long pid, String state, String command) {}

    /**
     * Every process whose environment holds {@code marker} (NAME=value) — the plugins of a chaos run
     * and whatever they started, wherever they were re-parented to — except this JVM.
     */
    static List<Proc> withEnvironment(String marker) {
        List<Proc> out = new ArrayList<>();
        byte[] needle = (marker + "\0").getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path p : proc) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid == self) {
                    continue;
                }
                try {
                    byte[] env = Files.readAllBytes(p.resolve("environ"));
                    if (contains(env, needle)) {
                        out.add(describe(pid));
                    }
                } catch (IOException e) {
                    // gone, or not ours: neither is a leak of this run
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc: " + e.getMessage(), e);
        }
        return out;
    }

    /** {@code pid} as a {@link Proc}, when it still exists. */
    static java.util.Optional<Proc> find(long pid) {
        try {
            return java.util.Optional.of(describe(pid));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    private static Proc describe(long pid) throws IOException {
        Path p = Path.of("/proc", Long.toString(pid));
        String stat = Files.readString(p.resolve("stat"));
        String state = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0];
        String command = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                .replace('\0', ' ').trim();
        return new Proc(pid, state, command.length() > 160 ? command.substring(0, 160) + "..." : command);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (i > 0 && haystack[i - 1] != 0) {
                continue; // a variable starts after a NUL
            }
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** User + system CPU time of this JVM so far, in clock ticks (/proc/self/stat fields 14 and 15). */
    static long cpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14, 15 counted from the state (3)
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/stat: " + e.getMessage(), e);
        }
    }
}
