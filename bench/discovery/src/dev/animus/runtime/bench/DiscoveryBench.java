package dev.animus.runtime.bench;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.discovery.AnimusPaths;
import dev.animus.discovery.DiscoveredPlugin;
import dev.animus.discovery.Discoverer;
import dev.animus.discovery.Discovery;
import dev.animus.discovery.ManifestCache;
import dev.animus.discovery.ManifestParser;
import dev.animus.process.ManifestProbe;
import dev.animus.process.ProbeLimits;
import dev.animus.process.ProbeOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Discovery over a directory of plugin binaries, timed inside the process (not a test: run by
 * bench/discovery/run.sh). The caller's environment is only {@code ANIMUS_HOME} and {@code PATH},
 * the project root a directory without {@code .animus/}, so the global plugin dir
 * ({@code <home>/plugins}) is the one source. Every discovery is checked: {@code expected}
 * plugins, no warning, and every manifest from the probe (cold) or from the cache (warm).
 *
 * <p>{@code measure <home> <project> <expected> <cold|warm> <cold-iterations> <warm-calls>} prints,
 * in ms:
 * <ul>
 *   <li>{@code first <cold|warm> t}: the first {@code discover(false)} of this JVM, after
 *       clearing the cache ({@code cold}) or over the cache a previous run filled ({@code warm}):
 *       what one {@code animus plugin list} pays, JVM start and the shell excluded;
 *   <li>{@code cold t}, once per cold iteration: cache cleared, then one {@code discover(false)},
 *       in a JVM that has discovered before (its code loaded and partly compiled);
 *   <li>{@code warm p50 p90 max}: {@code warm-calls} discoveries over the full cache, one after
 *       another, after the cold iterations.
 * </ul>
 *
 * <p>{@code firsts <home> <project> <expected>} (the cache full) prints where the first warm
 * discovery of a fresh JVM goes: the first use, in ms, of listing the directory, SHA-256, a
 * {@code ManifestCache.get}, a virtual-thread executor, a spawn and {@code ManifestParser.probeJson}
 * ({@code first-use name t}), then the first warm {@code discover(false)} with those loaded, and
 * the second.
 *
 * <p>{@code breakdown <home> <project> <expected> <rounds>} prints where a cold discovery's time
 * goes, each part done for every binary one after another on one thread (after one untimed
 * pass), {@code rounds} times, the median total in ms ({@code part <name> total-ms per-binary-ms}):
 * listing the directory, SHA-256 of each binary (the code of FileDigest), {@code ManifestCache.get}
 * of each entry, {@code ManifestCache.put} into a scratch cache, {@code ManifestParser.probeJson}
 * of a printed manifest, and spawning each binary with {@code --manifest} three ways: a bare
 * {@link ProcessBuilder} (read stdout, wait), the same behind {@code setsid}, and
 * {@link ManifestProbe#run} (setsid, capped drains on virtual threads, process-tree tracking and
 * kill); and {@code tree-scans-x2}, two scans like ProcessTree.members (the JDK's descendants walk
 * and every {@code /proc/<pid>/stat}) per binary, what ManifestProbe's tree tracking costs at least. Then {@code fact processors n} (the discoverer's probe slots) and
 * {@code fact max-concurrent-probes n} seen by a sampling thread during one extra cold discovery
 * (sampling costs CPU: that discovery is not a figure).
 */
public final class DiscoveryBench {
    private DiscoveryBench() {}

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[1]).toAbsolutePath();
        Path project = Path.of(args[2]).toAbsolutePath();
        int expected = Integer.parseInt(args[3]);
        Map<String, String> env = Map.of("ANIMUS_HOME", home.toString(), "PATH", System.getenv("PATH"));
        AnimusPaths paths = AnimusPaths.from(env, project);
        Discoverer discoverer = new Discoverer(paths, env);
        ManifestCache cache = new ManifestCache(paths.manifestCache());
        switch (args[0]) {
            case "measure" -> measure(discoverer, cache, expected, args[4], Integer.parseInt(args[5]),
                    Integer.parseInt(args[6]));
            case "breakdown" -> breakdown(discoverer, cache, paths, env, expected, Integer.parseInt(args[4]));
            case "firsts" -> firsts(discoverer, cache, paths, env, expected);
            default -> throw new IllegalArgumentException("mode: measure | breakdown | firsts, not " + args[0]);
        }
    }

    private static void measure(Discoverer discoverer, ManifestCache cache, int expected, String first,
            int coldIterations, int warmCalls) {
        boolean firstCold = switch (first) {
            case "cold" -> true;
            case "warm" -> false;
            default -> throw new IllegalArgumentException("cold | warm, not " + first);
        };
        if (firstCold) {
            cache.clear();
        }
        System.out.printf(Locale.ROOT, "first %s %.3f%n", first, millis(timed(discoverer, expected, !firstCold)));
        for (int i = 0; i < coldIterations; i++) {
            cache.clear();
            System.out.printf(Locale.ROOT, "cold %.3f%n", millis(timed(discoverer, expected, false)));
        }
        long[] warm = new long[warmCalls];
        for (int i = 0; i < warmCalls; i++) {
            warm[i] = timed(discoverer, expected, true);
        }
        Arrays.sort(warm);
        System.out.printf(Locale.ROOT, "warm %.3f %.3f %.3f%n", millis(warm[warmCalls / 2]),
                millis(warm[warmCalls * 9 / 10]), millis(warm[warmCalls - 1]));
    }

    /** Nanoseconds of one {@code discover(false)}, checked after the timed region. */
    private static long timed(Discoverer discoverer, int expected, boolean cached) {
        long start = System.nanoTime();
        Discovery d = discoverer.discover(false);
        long took = System.nanoTime() - start;
        check(d, expected, cached);
        return took;
    }

    private static void check(Discovery d, int expected, boolean cached) {
        if (!d.warnings().isEmpty()) {
            throw new IllegalStateException(d.warnings().size() + " warnings, the first: " + d.warnings().getFirst());
        }
        if (d.plugins().size() != expected) {
            throw new IllegalStateException(d.plugins().size() + " plugins found, not " + expected);
        }
        for (DiscoveredPlugin p : d.plugins()) {
            if (p.cached() != cached) {
                throw new IllegalStateException(p.name() + ": manifest " + (p.cached() ? "from the cache" : "probed")
                        + " in a " + (cached ? "warm" : "cold") + " discovery");
            }
        }
    }

    private static void breakdown(Discoverer discoverer, ManifestCache cache, AnimusPaths paths,
            Map<String, String> env, int expected, int rounds) throws Exception {
        List<Path> binaries = list(paths.pluginDir());
        if (binaries.size() != expected) {
            throw new IllegalStateException(binaries.size() + " binaries in " + paths.pluginDir());
        }
        cache.clear();
        check(discoverer.discover(false), expected, false); // fills the cache and loads the code
        List<String> digests = new ArrayList<>();
        for (Path b : binaries) {
            digests.add(sha256(b));
        }
        Map<String, String> probeEnv = EnvironmentPolicy.baseOnly().environmentFor(env, Map.of());
        String setsid = Files.isExecutable(Path.of("/usr/bin/setsid")) ? "/usr/bin/setsid" : "/bin/setsid";
        String printed = new String(spawn(List.of(binaries.getFirst().toString(), "--manifest"), probeEnv));
        Path scratch = Files.createTempDirectory(paths.home(), "scratch-cache");
        ManifestCache scratchCache = new ManifestCache(scratch);
        var manifest = ManifestParser.probeJson(printed, "bench").manifest();
        long bytes = 0;
        for (Path b : binaries) {
            bytes += Files.size(b);
        }

        part("list-dir", rounds, binaries.size(), () -> {
            if (list(paths.pluginDir()).size() != expected) {
                throw new IllegalStateException("listing changed");
            }
        });
        part("sha256", rounds, binaries.size(), () -> {
            for (int i = 0; i < binaries.size(); i++) {
                if (!sha256(binaries.get(i)).equals(digests.get(i))) {
                    throw new IllegalStateException("digest changed");
                }
            }
        });
        part("cache-get", rounds, binaries.size(), () -> {
            for (String d : digests) {
                cache.get(d).orElseThrow(() -> new IllegalStateException("no cache entry " + d));
            }
        });
        part("cache-put", rounds, binaries.size(), () -> {
            for (int i = 0; i < binaries.size(); i++) {
                scratchCache.put(digests.get(i), binaries.get(i), manifest);
            }
            scratchCache.clear();
        });
        part("parse-json", rounds, binaries.size(), () -> {
            for (int i = 0; i < binaries.size(); i++) {
                ManifestParser.probeJson(printed, "bench " + i);
            }
        });
        part("spawn-bare", rounds, binaries.size(), () -> {
            for (Path b : binaries) {
                spawn(List.of(b.toString(), "--manifest"), probeEnv);
            }
        });
        part("spawn-setsid", rounds, binaries.size(), () -> {
            for (Path b : binaries) {
                spawn(List.of(setsid, b.toString(), "--manifest"), probeEnv);
            }
        });
        part("tree-scans-x2", rounds, binaries.size(), () -> {
            for (int i = 0; i < binaries.size(); i++) {
                treeScan();
                treeScan();
            }
        });
        part("manifest-probe", rounds, binaries.size(), () -> {
            for (Path b : binaries) {
                if (!(ManifestProbe.run(b, probeEnv, ProbeLimits.defaults()) instanceof ProbeOutcome.Printed)) {
                    throw new IllegalStateException("probe of " + b + " failed");
                }
            }
        });
        Files.delete(scratch);
        System.out.printf(Locale.ROOT, "fact binary-bytes %d%n", bytes / binaries.size());
        System.out.printf(Locale.ROOT, "fact processors %d%n", Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "fact max-concurrent-probes %d%n", maxConcurrentChildren(discoverer, cache,
                expected));
    }

    /**
     * Where the first warm discovery of a fresh JVM goes (the cache must be full): the first use
     * of each thing it needs, one after another, each on one binary, then the first warm
     * discovery with all of them loaded; prints "first-use name ms".
     */
    private static void firsts(Discoverer discoverer, ManifestCache cache, AnimusPaths paths,
            Map<String, String> env, int expected) throws Exception {
        long start = System.nanoTime();
        Path binary = list(paths.pluginDir()).getFirst();
        long listed = System.nanoTime();
        String digest = sha256(binary);
        long digested = System.nanoTime();
        cache.get(digest).orElseThrow(() -> new IllegalStateException("the cache is not full"));
        long got = System.nanoTime();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            pool.submit(() -> digest.length()).get();
        }
        long pooled = System.nanoTime();
        String printed = new String(spawn(List.of(binary.toString(), "--manifest"),
                EnvironmentPolicy.baseOnly().environmentFor(env, Map.of())));
        long spawned = System.nanoTime();
        ManifestParser.probeJson(printed, "bench");
        long parsed = System.nanoTime();
        long discover = timed(discoverer, expected, true);
        long second = timed(discoverer, expected, true);
        System.out.printf(Locale.ROOT, "first-use list-dir %.3f%n", millis(listed - start));
        System.out.printf(Locale.ROOT, "first-use sha256 %.3f%n", millis(digested - listed));
        System.out.printf(Locale.ROOT, "first-use cache-get %.3f%n", millis(got - digested));
        System.out.printf(Locale.ROOT, "first-use virtual-threads %.3f%n", millis(pooled - got));
        System.out.printf(Locale.ROOT, "first-use spawn %.3f%n", millis(spawned - pooled));
        System.out.printf(Locale.ROOT, "first-use parse-json %.3f%n", millis(parsed - spawned));
        System.out.printf(Locale.ROOT, "first-use warm-discover-after-these %.3f%n", millis(discover));
        System.out.printf(Locale.ROOT, "first-use second-warm-discover %.3f%n", millis(second));
    }

    /** Median over {@code rounds} of one pass (after an untimed one): "part name total-ms per-binary-ms". */
    private static void part(String name, int rounds, int binaries, Pass pass) throws Exception {
        pass.run();
        long[] totals = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long start = System.nanoTime();
            pass.run();
            totals[r] = System.nanoTime() - start;
        }
        Arrays.sort(totals);
        long median = totals[rounds / 2];
        System.out.printf(Locale.ROOT, "part %s %.3f %.4f%n", name, millis(median), millis(median) / binaries);
    }

    @FunctionalInterface
    private interface Pass {
        void run() throws Exception;
    }

    /**
     * The most child processes alive at once during one cold discovery, sampled every 200 µs
     * (with setsid the child is the plugin itself once exec'd: setsid does not fork here).
     */
    private static int maxConcurrentChildren(Discoverer discoverer, ManifestCache cache, int expected)
            throws InterruptedException {
        cache.clear();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger max = new AtomicInteger();
        Predicate<ProcessHandle> alive = ProcessHandle::isAlive;
        Thread sampler = Thread.ofPlatform().name("bench-sampler").start(() -> {
            while (!done.get()) {
                int n = (int) ProcessHandle.current().children().filter(alive).count();
                max.accumulateAndGet(n, Math::max);
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            }
        });
        try {
            check(discoverer.discover(false), expected, false);
        } finally {
            done.set(true);
            sampler.join();
        }
        return max.get();
    }

    /**
     * What one ProcessTree.members of an exited probe costs, roughly: the JDK's descendants walk
     * and a read of every {@code /proc/<pid>/stat} (the session scan). ManifestProbe looks at the
     * tree at least twice per probe (after the exit, and on close).
     */
    private static void treeScan() throws IOException {
        long sessions = ProcessHandle.current().descendants().count();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"),
                p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                try {
                    String stat = Files.readString(dir.resolve("stat"));
                    sessions += stat.substring(stat.lastIndexOf(')') + 2).split(" ").length > 3 ? 0 : 1;
                } catch (IOException e) {
                    // gone meanwhile
                }
            }
        }
        if (sessions < 0) {
            throw new IllegalStateException("unreachable");
        }
    }

    /** Runs {@code command} with {@code env} as its whole environment; its stdout, after checking exit 0. */
    private static byte[] spawn(List<String> command, Map<String, String> env) throws IOException,
            InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of(
                "/dev/null").toFile())).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        int code = p.waitFor();
        if (code != 0) {
            throw new IllegalStateException(command + " exited with " + code);
        }
        return out;
    }

    private static List<Path> list(Path dir) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "animus-plugin-*")) {
            s.forEach(entries::add);
        }
        entries.sort(null);
        return entries;
    }

    /** What FileDigest.sha256 does (64 KiB reads into SHA-256). */
    private static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
