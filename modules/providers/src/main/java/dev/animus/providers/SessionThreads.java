package dev.animus.providers;

/** The one place this module makes threads: virtual, named. */
final class SessionThreads {
    private SessionThreads() {}

    /** Starts {@code task} on a new virtual thread named {@code name}. */
    static Thread start(String name, Runnable task) {
        return Thread.ofVirtual().name(name).start(task);
    }
}
