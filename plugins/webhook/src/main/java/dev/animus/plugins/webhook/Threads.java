package dev.animus.plugins.webhook;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The one place this plugin makes threads (the sdk runs each request on a virtual thread of its own). */
final class Threads {
    private Threads() {}

    /** An executor of virtual threads named {@code animus-trigger-webhook <what>}, one per task. */
    static ExecutorService perTask(String what) {
        return Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("animus-trigger-webhook " + what).factory());
    }
}
