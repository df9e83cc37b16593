package dev.animus.sdk;

/**
 * The one place the sdk makes threads: virtual, named after what they serve; the reader of stdin
 * is a platform thread, because a blocking read of a pipe holds a virtual thread's carrier for as
 * long as it waits, and on a two-core machine two such reads (the sdk's and a handler's pipe of a
 * child process) left no carrier for the handlers.
 */
final class PluginThreads {

    private PluginThreads() {}

    /** An unstarted virtual thread named {@code animus-sdk <what>}. */
    static Thread unstarted(String what, Runnable body) {
        return Thread.ofVirtual().name("animus-sdk " + what).unstarted(body);
    }

    /** An unstarted platform daemon thread named {@code animus-sdk <what>}, for blocking reads. */
    static Thread unstartedBlocking(String what, Runnable body) {
        return Thread.ofPlatform().daemon().name("animus-sdk " + what).unstarted(body);
    }
}
