package dev.animus.plugins.schedule;

/** The one place this plugin makes threads (the sdk runs each request on a virtual thread of its own). */
final class Threads {
    private Threads() {}

    /** A started virtual thread named {@code animus-trigger-schedule <what>}. */
    static Thread start(String what, Runnable body) {
        return Thread.ofVirtual().name("animus-trigger-schedule " + what).start(body);
    }
}
