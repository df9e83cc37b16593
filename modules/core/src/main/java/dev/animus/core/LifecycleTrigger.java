package dev.animus.core;

import java.time.Duration;
import java.util.Objects;

/**
 * What can happen to a plugin's process lifecycle (docs/lifecycle.md#process-lifecycle). Triggers
 * about one process carry its incarnation (the number of the launch that made it); a trigger about
 * an older incarnation than the current one is stale and changes nothing, so a late exit report can
 * never crash the fresh process that replaced a dead one.
 */
public sealed interface LifecycleTrigger {

    /** Discovery validated the plugin's manifest. */
    record ManifestValidated() implements LifecycleTrigger {}

    /** A caller wants to send a request (or a ping). */
    record RequestArrived() implements LifecycleTrigger {}

    /** The process of {@code incarnation} answered {@code initialize} compatibly. */
    record HandshakeAnswered(long incarnation) implements LifecycleTrigger {}

    /** The launch of {@code incarnation} failed: spawn refused, launch timeout, exit, bad handshake. */
    record LaunchFailed(long incarnation, HostFailure failure) implements LifecycleTrigger {
        public LaunchFailed {
            Objects.requireNonNull(failure, "failure");
        }
    }

    /** A request sent to {@code incarnation} got its answer (a result or an error). */
    record ResponseReceived(long incarnation) implements LifecycleTrigger {}

    /**
     * A request sent to {@code incarnation} outlived its deadline: the process is wedged.
     *
     * @param cancelled whether its caller had given it up before (cancelled it): then no caller
     *     hears of the timeout, and the crash is announced to every subscriber
     */
    record RequestTimedOut(long incarnation, String method, Duration after, boolean cancelled)
            implements LifecycleTrigger {
        public RequestTimedOut {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(after, "after");
        }

        /** A request whose caller still waits for it. */
        public RequestTimedOut(long incarnation, String method, Duration after) {
            this(incarnation, method, after, false);
        }
    }

    /** The process of {@code incarnation} exited or its connection died. */
    record ProcessExited(long incarnation, HostFailure failure) implements LifecycleTrigger {
        public ProcessExited {
            Objects.requireNonNull(failure, "failure");
        }
    }

    /** The idle timer set by {@link LifecycleEffect.ScheduleIdleCheck} went off. */
    record IdleTimerFired() implements LifecycleTrigger {}

    /** An operator asked to enable a disabled plugin again (and to forget its crashes). */
    record OperatorReset() implements LifecycleTrigger {}

    /** The host is closing: shut down whatever runs. */
    record HostClosing() implements LifecycleTrigger {}
}
