package dev.animus.triggers;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test moves it; its sleeps are recorded and return at once. */
final class FakeTriggerClock implements TriggerClock {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final List<Duration> slept = new CopyOnWriteArrayList<>();

    @Override
    public long nanos() {
        return nanos.get();
    }

    @Override
    public void sleep(Duration delay) {
        slept.add(delay);
        nanos.addAndGet(delay.toNanos());
    }

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    List<Duration> slept() {
        return List.copyOf(slept);
    }
}
