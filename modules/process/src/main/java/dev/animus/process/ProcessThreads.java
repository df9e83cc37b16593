package dev.animus.process;

import java.util.concurrent.ThreadFactory;

/** The one place this module creates threads: virtual threads named after their purpose. */
final class ProcessThreads {
    private static final ThreadFactory STDERR = Thread.ofVirtual().name("animus-stderr-", 0).factory();
    private static final ThreadFactory EXIT = Thread.ofVirtual().name("animus-exit-", 0).factory();

    private ProcessThreads() {}

    static Thread startStderrDrain(Runnable task) {
        Thread t = STDERR.newThread(task);
        t.start();
        return t;
    }

    static Thread startExitWatch(Runnable task) {
        Thread t = EXIT.newThread(task);
        t.start();
        return t;
    }

    static Thread shutdownHook(Runnable task) {
        return Thread.ofPlatform().name("animus-process-reaper").unstarted(task);
    }
}
