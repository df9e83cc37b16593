package dev.animus.runtime;

import dev.animus.subjects.PollScheduler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** The test subject backends (Python, written from docs/protocol.md#subjects) and a hand-driven poll timer. */
final class SubjectBackends {
    private SubjectBackends() {}

    /**
     * A copy of {@code animus-subject-memo} named {@code name} serving {@code kind}; {@code watch}
     * false answers -32001 to {@code subject/watch}.
     */
    static Path memo(Path dir, String name, String kind, boolean watch) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-subject-memo");
        String body = Files.readString(src)
                .replace("NAME = \"memo\"", "NAME = \"" + name + "\"")
                .replace("KIND = \"memo\"", "KIND = \"" + kind + "\"")
                .replace("WATCH = True", "WATCH = " + (watch ? "True" : "False"));
        Path d = dir.resolve(name);
        Files.createDirectories(d);
        Path p = d.resolve("animus-subject-" + name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    /** A poll timer that ticks only when the test says so. */
    static final class HandTimer implements PollScheduler {
        private final ReentrantLock lock = new ReentrantLock();
        private final List<Runnable> ticks = new ArrayList<>();
        private final List<Duration> intervals = new ArrayList<>();

        @Override
        public Ticking every(Duration interval, Runnable tick) {
            lock.lock();
            try {
                ticks.add(tick);
                intervals.add(interval);
            } finally {
                lock.unlock();
            }
            return () -> {
                lock.lock();
                try {
                    ticks.remove(tick);
                } finally {
                    lock.unlock();
                }
            };
        }

        /** Runs every scheduled tick once, on this thread. */
        void tick() {
            List<Runnable> now;
            lock.lock();
            try {
                now = List.copyOf(ticks);
            } finally {
                lock.unlock();
            }
            now.forEach(Runnable::run);
        }

        int scheduled() {
            lock.lock();
            try {
                return ticks.size();
            } finally {
                lock.unlock();
            }
        }

        List<Duration> intervals() {
            lock.lock();
            try {
                return List.copyOf(intervals);
            } finally {
                lock.unlock();
            }
        }
    }
}
