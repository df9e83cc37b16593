package dev.animus.core;

/**
 * The retry rule of docs/lifecycle.md#failures-and-retry: a
 * {@linkplain FailureClass#DEATH_LIKE death-like} failure is retried once on a fresh process, if no
 * streamed output of the request reached the caller yet (a retry would repeat it) and the crash did
 * not disable the plugin; in that last case the caller learns {@link HostFailure.TooManyRestarts}.
 * A request {@link HostFailure.Timeout timeout} is death-like (the process is killed) but never
 * retried, a launch timeout included: the caller already waited the whole deadline once, and what
 * hung once would most likely hang again. Structured errors and refusals reach the caller
 * untouched. Every crash counts toward the threshold whether it is retried or not; that is the
 * lifecycle's business, not this rule's.
 */
public final class RestartBudget {
    /** Retries per request. */
    public static final int RETRIES = 1;

    private RestartBudget() {}

    /**
     * @param failure what went wrong with this attempt
     * @param retriesMade retries already made for this request
     * @param streamedOutput whether any streamed output of this request was forwarded to the caller
     * @param after the lifecycle after the crash was recorded
     */
    public static RetryDecision decide(HostFailure failure, int retriesMade, boolean streamedOutput, Lifecycle after) {
        return switch (failure.classify()) {
            case STRUCTURED_ERROR, REFUSED -> new RetryDecision.Surface(failure);
            case DEATH_LIKE -> {
                if (after.state() == ProcessState.DISABLED) {
                    yield new RetryDecision.Surface(new HostFailure.TooManyRestarts(
                            after.plugin(),
                            after.window().crashes().size(),
                            after.window().span(),
                            failure));
                }
                boolean retry = retriesMade < RETRIES && !streamedOutput && !(failure instanceof HostFailure.Timeout);
                yield retry ? new RetryDecision.Retry() : new RetryDecision.Surface(failure);
            }
        };
    }
}
