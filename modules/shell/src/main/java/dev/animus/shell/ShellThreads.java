package dev.animus.shell;

/** The one place the shell makes threads: all virtual, all named. */
public final class ShellThreads {
    private ShellThreads() {}

    /** Starts {@code task} on a new virtual thread named {@code name}. */
    public static Thread start(String name, Runnable task) {
        return Thread.ofVirtual().name(name).start(task);
    }

    /** {@code task} on a new virtual thread named {@code name}, not started (a shutdown hook). */
    public static Thread unstarted(String name, Runnable task) {
        return Thread.ofVirtual().name(name).unstarted(task);
    }
}
