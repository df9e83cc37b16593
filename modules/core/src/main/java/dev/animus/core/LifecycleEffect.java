package dev.animus.core;

import java.time.Duration;
import java.util.Objects;

/**
 * What the owner of a lifecycle must do after a transition, returned as values by
 * {@link Lifecycle#on}: core decides, the runtime acts.
 */
public sealed interface LifecycleEffect {

    /** Spawn a process, connect its stdio and send {@code initialize}; it is {@code incarnation}. */
    record Spawn(long incarnation) implements LifecycleEffect {}

    /** Send the caller's request to the process of {@code incarnation}. */
    record Send(long incarnation) implements LifecycleEffect {}

    /** The caller waits for the launch of {@code incarnation} to finish, then asks again. */
    record AwaitLaunch(long incarnation) implements LifecycleEffect {}

    /** Refuse the caller's request with {@code failure}, at once. */
    record Reject(HostFailure failure) implements LifecycleEffect {
        public Reject {
            Objects.requireNonNull(failure, "failure");
        }
    }

    /** Kill the process tree of {@code incarnation} now (SIGKILL, no protocol steps). */
    record Kill(long incarnation, String reason) implements LifecycleEffect {
        public Kill {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Stop the process of {@code incarnation} gracefully (shutdown, exit, TERM, KILL). */
    record ShutDown(long incarnation) implements LifecycleEffect {}

    /** Deliver {@link LifecycleTrigger.IdleTimerFired} after {@code delay}. */
    record ScheduleIdleCheck(Duration delay) implements LifecycleEffect {
        public ScheduleIdleCheck {
            Objects.requireNonNull(delay, "delay");
        }
    }

    /** Tell subscribers about a transition. */
    record Emit(StatusChange change) implements LifecycleEffect {
        public Emit {
            Objects.requireNonNull(change, "change");
        }
    }
}
