package dev.animus.sdk;

/** The one place the sdk makes threads: virtual, named after what they serve. */
final class PluginThreads {

    private PluginThreads() {}

    /** An unstarted virtual thread named {@code animus-sdk <what>}. */
    static Thread unstarted(String what, Runnable body) {
        return Thread.ofVirtual().name("animus-sdk " + what).unstarted(body);
    }
}
