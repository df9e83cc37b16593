package dev.animus.fetch;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The one place this module makes threads: all virtual, all named. */
final class FetchThreads {
    private FetchThreads() {}

    /** The executor of one HTTP client's asynchronous work. */
    static ExecutorService client() {
        return Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("animus-fetch-", 0).factory());
    }

    /** Starts the watch of one download's deadline. */
    static Thread deadline(Runnable watch) {
        return Thread.ofVirtual().name("animus-fetch-deadline").start(watch);
    }
}
