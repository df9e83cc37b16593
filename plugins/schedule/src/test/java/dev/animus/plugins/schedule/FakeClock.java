package dev.animus.plugins.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;

/** A clock a test sets; thread-safe. */
final class FakeClock implements InstantSource {
    private final AtomicReference<Instant> now;

    FakeClock(Instant start) {
        now = new AtomicReference<>(start);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    void set(Instant t) {
        now.set(t);
    }

    void advance(Duration d) {
        now.updateAndGet(t -> t.plus(d));
    }
}
