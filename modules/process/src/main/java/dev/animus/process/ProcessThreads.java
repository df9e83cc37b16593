package dev.animus.process;

import java.util.concurrent.ThreadFactory;

/**
 * The one place this module creates threads, named after their purpose.
 *
 * <p>Drains of a child's output are <b>platform</b> threads (daemon, small stack): a virtual thread
 * blocked in a pipe read holds its carrier, and the JDK adds carriers for such reads only up to
 * {@code jdk.virtualThreadScheduler.maxPoolSize} (256). With one virtual drain per plugin, about
 * 130 live plugins (each also has an rpc reader) took every carrier, and no virtual thread of the
 * host ran any more (found by bench/many with 200 plugins). Exit watches stay virtual: waiting for
 * a process parks without holding a carrier.
 */
final class ProcessThreads {
    /** A drain only copies bytes into a small buffer and logs a line: no deep stacks. */
    private static final long DRAIN_STACK_BYTES = 256 * 1024;

    private static final ThreadFactory STDERR = Thread.ofPlatform()
            .name("animus-stderr-", 0)
            .daemon(true)
            .stackSize(DRAIN_STACK_BYTES)
            .factory();
    private static final ThreadFactory EXIT =
            Thread.ofVirtual().name("animus-exit-", 0).factory();

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
