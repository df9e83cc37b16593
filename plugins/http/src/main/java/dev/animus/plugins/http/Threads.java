package dev.animus.plugins.http;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The one place this plugin makes threads (the sdk runs each request on a virtual thread of its own). */
final class Threads {
    private Threads() {}

    /** An executor of virtual threads named {@code animus-transport-http <what>}, one per task. */
    static ExecutorService perTask(String what) {
        return Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("animus-transport-http " + what).factory());
    }

    /** A started virtual thread named {@code animus-transport-http <what>} running {@code task}. */
    static Thread start(String what, Runnable task) {
        return Thread.ofVirtual().name("animus-transport-http " + what).start(task);
    }
}
