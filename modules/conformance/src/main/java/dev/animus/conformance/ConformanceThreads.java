package dev.animus.conformance;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * The one place this module creates threads: a platform daemon thread per plugin process reads
 * its stdout (a pipe read holds a virtual thread's carrier; a few run at once), and a virtual
 * thread runs each scenario.
 */
final class ConformanceThreads {
    private static final ThreadFactory READER = Thread.ofPlatform()
            .name("animus-conformance-reader-", 0)
            .daemon(true)
            .factory();

    private static final ThreadFactory RUNNER =
            Thread.ofVirtual().name("animus-conformance-check-", 0).factory();

    private ConformanceThreads() {}

    /** Virtual threads that each run one scenario (they wait on the reader's queue and the exit). */
    static ExecutorService runners() {
        return Executors.newThreadPerTaskExecutor(RUNNER);
    }

    static Thread startReader(Runnable task) {
        Thread t = READER.newThread(task);
        t.start();
        return t;
    }
}
