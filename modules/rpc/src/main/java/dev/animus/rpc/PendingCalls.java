package dev.animus.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The calls awaiting a response, by id, and their deadlines.
 *
 * <p>Deadlines cost no timer per call: one check is armed on the shared timer for the earliest
 * deadline known. Registering a call only compares its deadline with the armed one (with equal
 * timeouts, later calls never re-arm). When the check runs it disarms, expires the calls past
 * their deadline (completing them on a virtual thread, never on the timer), and re-arms for the
 * earliest remaining deadline. A call registered during a check sees the check disarmed and arms
 * itself, so no deadline is missed.
 *
 * <p>Thread-safe.
 */
final class PendingCalls {
    private final ConcurrentHashMap<Long, Call> calls = new ConcurrentHashMap<>();
    private final AtomicLong armedFor = new AtomicLong(Call.NO_DEADLINE);

    void add(Call call) {
        calls.put(call.id(), call);
        arm(call.deadline());
    }

    /** Removes and returns the call with that id, or null if none waits (late, duplicate, unknown). */
    Call take(long id) {
        return calls.remove(id);
    }

    void remove(Call call) {
        calls.remove(call.id(), call);
    }

    /** Fails every call with the cause, at once. */
    void failAll(ConnectionLost cause) {
        for (Call call : calls.values()) {
            calls.remove(call.id(), call);
            call.reject(cause);
        }
    }

    private void arm(long deadline) {
        long armed;
        while (deadline < (armed = armedFor.get())) {
            if (armedFor.compareAndSet(armed, deadline)) {
                long delay = Math.max(0, deadline - System.nanoTime());
                RpcThreads.timer().schedule(this::expireDue, delay, TimeUnit.NANOSECONDS);
                return;
            }
        }
    }

    private void expireDue() {
        armedFor.set(Call.NO_DEADLINE);
        long now = System.nanoTime();
        long next = Call.NO_DEADLINE;
        List<Call> due = new ArrayList<>();
        for (Call call : calls.values()) {
            if (call.deadline() - now <= 0) {
                if (calls.remove(call.id(), call)) {
                    due.add(call);
                }
            } else if (call.deadline() < next) {
                next = call.deadline();
            }
        }
        if (!due.isEmpty()) {
            RpcThreads.runTask("animus-rpc-timeouts", () -> due.forEach(Call::expire));
        }
        if (next != Call.NO_DEADLINE) {
            arm(next);
        }
    }
}
