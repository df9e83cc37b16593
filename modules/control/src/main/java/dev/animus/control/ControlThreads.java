package dev.animus.control;

/** The one place the control module makes threads: virtual, named. */
final class ControlThreads {
    private ControlThreads() {}

    static Thread newThread(String name, Runnable body) {
        return Thread.ofVirtual().name(name).unstarted(body);
    }
}
