package dev.animus.rpc;

import java.time.Duration;
import java.util.Objects;

/**
 * The latest moment a frame may reach the stream: a request's own deadline, so that a call's
 * timeout also bounds the write of its request. {@link #NONE} for frames without one
 * (notifications, answers, cancellations): only the writer's write timeout bounds those.
 *
 * @param at the moment, in {@link System#nanoTime()} terms ({@link Call#NO_DEADLINE} for none)
 * @param budget the timeout the deadline was computed from, for messages
 */
record WriteDeadline(long at, Duration budget) {
    static final WriteDeadline NONE = new WriteDeadline(Call.NO_DEADLINE, Duration.ZERO);

    WriteDeadline {
        Objects.requireNonNull(budget, "budget");
    }

    boolean isNone() {
        return at == Call.NO_DEADLINE;
    }

    /** Whichever of the two comes first. */
    WriteDeadline earlier(WriteDeadline other) {
        if (isNone()) {
            return other;
        }
        return other.isNone() || at - other.at <= 0 ? this : other;
    }

    /** Nanoseconds left at {@code now}; zero or less once passed. Meaningless for {@link #NONE}. */
    long leftAt(long now) {
        return at - now;
    }

    /** Why the writer dies when this deadline passed with its frame unwritten. */
    ConnectionLost missed(String peerName) {
        return new ConnectionLost(peerName + " stopped reading: a request could not be written within its deadline of "
                + budget.toMillis() + " ms");
    }
}
