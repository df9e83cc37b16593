package dev.animus.plugins.cli;

/**
 * The one place this plugin makes threads. The threads that read and write the command's pipes
 * are platform daemon threads, not virtual ones: a blocking read of a pipe holds its carrier, and
 * with the sdk's reader of stdin and two such pumps the run's own virtual thread found no carrier
 * left on a two-core machine (its timeout never fired).
 */
final class Threads {

    private Threads() {}

    /** A started daemon thread named {@code animus-provider-cli <what>}, for blocking pipe I/O. */
    static Thread start(String what, Runnable body) {
        return Thread.ofPlatform().daemon().name("animus-provider-cli " + what).start(body);
    }
}
