package dev.animus.host;

import java.util.concurrent.ThreadFactory;

/** The one place the runtime makes threads: all virtual, all named. */
final class RuntimeThreads {
    private RuntimeThreads() {}

    static ThreadFactory factory(String name) {
        return Thread.ofVirtual().name(name + "-", 0).factory();
    }

    /** Starts {@code task} on a new virtual thread named {@code name}. */
    static Thread start(String name, Runnable task) {
        return Thread.ofVirtual().name(name).start(task);
    }
}
