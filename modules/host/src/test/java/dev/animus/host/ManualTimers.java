package dev.animus.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** {@link Timers} on a {@link FakeClock}: tasks run when the test moves the clock past them. */
final class ManualTimers implements Timers {
    private final FakeClock clock;
    private final ReentrantLock lock = new ReentrantLock();
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
            return (int) tasks.stream().filter(t -> !t.cancelled).count();
        } finally {
            lock.unlock();
        }
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
