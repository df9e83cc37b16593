package dev.animus.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** {@link Timers} on a {@link FakeClock}: tasks run when the test moves the clock past them. */
final class ManualTimers implements Timers {
    private final FakeClock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition scheduled = lock.newCondition();
    private final List<Task> tasks = new ArrayList<>();

    private static final class Task {
        final long due;
        final Runnable run;
        boolean cancelled;

        Task(long due, Runnable run) {
            this.due = due;
            this.run = run;
        }
    }

    ManualTimers(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public Timer schedule(Duration delay, Runnable task) {
        Task t = new Task(clock.now().ticks() + delay.toNanos(), task);
        lock.lock();
        try {
            tasks.add(t);
            scheduled.signalAll();
        } finally {
            lock.unlock();
        }
        return () -> {
            lock.lock();
            try {
                t.cancelled = true;
            } finally {
                lock.unlock();
            }
        };
    }

    /** Moves the clock by {@code d} and runs the tasks that became due, in due order. */
    void advance(Duration d) {
        clock.advance(d);
        List<Task> due = new ArrayList<>();
        lock.lock();
        try {
            long now = clock.now().ticks();
            for (Task t : List.copyOf(tasks)) {
                if (t.due <= now) {
                    tasks.remove(t);
                    if (!t.cancelled) {
                        due.add(t);
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        due.sort(Comparator.comparingLong(t -> t.due));
        due.forEach(t -> t.run.run());
    }

    /** Tasks scheduled and not yet run or cancelled. */
    int pending() {
        lock.lock();
        try {
            return pendingLocked();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until {@code n} tasks are pending: a task that re-arms itself does so on a thread of its
     * own, so the test must not move the clock again before it has.
     */
    void awaitPending(int n, Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (pendingLocked() < n) {
                if (left <= 0) {
                    throw new AssertionError(
                            "timed out waiting for " + n + " pending timer(s), have " + pendingLocked());
                }
                left = scheduled.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    private int pendingLocked() {
        return (int) tasks.stream().filter(t -> !t.cancelled).count();
    }

    @Override
    public void close() {
        lock.lock();
        try {
            tasks.clear();
        } finally {
            lock.unlock();
        }
    }
}
