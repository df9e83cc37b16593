package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Concurrent saves, from threads of one process and from separate processes, each keep every other's entries. */
class LockfileConcurrencyTest {
    private static final int THREADS = 8;
    private static final int SAVES_PER_THREAD = 20;
    private static final int PROCESSES = 4;
    private static final int SAVES_PER_PROCESS = 25;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void savesFromEightThreadsAtOnceKeepEveryEntry() throws Exception {
        LockfileStore store = new LockfileStore(dir.resolve("plugins.lock"), LockfileStoreTest.WAIT);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> savers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            for (int t = 0; t < THREADS; t++) {
                String prefix = "t" + t;
                savers.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < SAVES_PER_THREAD; i++) {
                        store.save(List.of(LockEntries.path(prefix + "-" + i)), Set.of(), false);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> saver : savers) {
                saver.get(60, TimeUnit.SECONDS);
            }
        }
        assertEquals(
                names("t", THREADS, SAVES_PER_THREAD), store.read().entries().keySet());
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aSaveWhileAnotherHoldsTheLockGivesUpAfterItsWaitAndWritesNothing() throws Exception {
        Path file = dir.resolve("plugins.lock");
        new LockfileStore(file, LockfileStoreTest.WAIT).save(List.of(LockEntries.path("echo")), Set.of(), false);
        byte[] before = Files.readAllBytes(file);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ExecutorService holder = Executors.newSingleThreadExecutor()) {
            Future<?> holding = holder.submit(() -> {
                try (FileLocks.Held _ = FileLocks.acquire(dir.resolve(".plugins.lock.lock"), LockfileStoreTest.WAIT)) {
                    held.countDown();
                    release.await();
                }
                return null;
            });
            held.await();
            LockfileStore impatient = new LockfileStore(file, Duration.ofMillis(50));
            try {
                assertThrows(
                        LockTimedOut.class, () -> impatient.save(List.of(LockEntries.path("clock")), Set.of(), false));
                assertThrows(LockTimedOut.class, impatient::read);
            } finally {
                release.countDown();
            }
            holding.get(30, TimeUnit.SECONDS);
        }
        assertArrayEquals(before, Files.readAllBytes(file));
    }

    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void savesFromFourProcessesAtOnceKeepEveryEntry() throws Exception {
        Path file = dir.resolve("plugins.lock");
        List<Process> children = new ArrayList<>();
        try {
            for (int p = 0; p < PROCESSES; p++) {
                children.add(saver(file, "p" + p, dir.resolve("p" + p + ".stderr")));
            }
            for (int p = 0; p < PROCESSES; p++) {
                String line = new BufferedReader(
                                new InputStreamReader(children.get(p).getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                int child = p;
                assertEquals("ready", line, () -> "child p" + child + " did not start: " + stderr(child));
            }
            for (Process child : children) {
                try (OutputStream in = child.getOutputStream()) {
                    in.write("go\n".getBytes(StandardCharsets.UTF_8));
                }
            }
            for (int p = 0; p < PROCESSES; p++) {
                Process child = children.get(p);
                assertTrue(child.waitFor(120, TimeUnit.SECONDS), "child p" + p + " did not finish");
                assertEquals(0, child.exitValue(), "child p" + p + ": " + stderr(p));
            }
        } finally {
            children.forEach(Process::destroyForcibly);
        }
        assertEquals(
                names("p", PROCESSES, SAVES_PER_PROCESS),
                new LockfileStore(file, LockfileStoreTest.WAIT).read().entries().keySet());
    }

    private Process saver(Path file, String prefix, Path stderr) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        // surefire puts main classes and their dependencies on the module path and the test
        // classes on the class path; the child runs all of them on the class path
        String classPath = Stream.of("jdk.module.path", "java.class.path")
                .map(System::getProperty)
                .filter(p -> p != null && !p.isEmpty())
                .collect(Collectors.joining(File.pathSeparator));
        return new ProcessBuilder(
                        java,
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:UserThreadWaitAttemptsAtExit=0",
                        "-cp",
                        classPath,
                        LockfileSaver.class.getName(),
                        file.toString(),
                        prefix,
                        Integer.toString(SAVES_PER_PROCESS))
                .redirectError(stderr.toFile())
                .start();
    }

    private String stderr(int p) {
        try {
            return Files.readString(dir.resolve("p" + p + ".stderr"));
        } catch (IOException e) {
            return "(no stderr: " + e + ")";
        }
    }

    private static Set<String> names(String prefix, int workers, int saves) {
        Set<String> names = new TreeSet<>();
        for (int w = 0; w < workers; w++) {
            for (int i = 0; i < saves; i++) {
                names.add(prefix + w + "-" + i);
            }
        }
        return names;
    }
}
