package dev.animus.shell;

/** The one place the shell makes threads: all virtual, all named. */
final class ShellThreads {
    private ShellThreads() {}

    /** Starts {@code task} on a new virtual thread named {@code name}. */
    static Thread start(String name, Runnable task) {
        return Thread.ofVirtual().name(name).start(task);
    }
}
