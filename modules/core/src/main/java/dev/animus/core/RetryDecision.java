package dev.animus.core;

import java.util.Objects;

/** Whether a failed request is sent again on a fresh process ({@link RestartBudget}). */
public sealed interface RetryDecision {

    /** Send the request again; the next request restarts the process. */
    record Retry() implements RetryDecision {}

    /** Give {@code failure} to the caller. */
    record Surface(HostFailure failure) implements RetryDecision {
        public Surface {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
