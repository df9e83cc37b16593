package dev.animus.core;

import java.time.Duration;

/** "No deadline" as one named concept, shared by the manifest rules, the wire layer and the host. */
public final class Deadlines {
    /**
     * What stands for no deadline: a year. It is also the longest deadline anyone may set (a
     * manifest's {@code timeouts}, a command's deadline option): the wire layer treats a longer
     * one as none at all, and longer would overflow its nanosecond clock.
     */
    public static final Duration NONE = Duration.ofDays(365);

    private Deadlines() {}

    /** Whether {@code timeout} is longer than any deadline, so that the wire layer waits without one. */
    public static boolean isBeyondAny(Duration timeout) {
        return timeout.compareTo(NONE) > 0;
    }
}
