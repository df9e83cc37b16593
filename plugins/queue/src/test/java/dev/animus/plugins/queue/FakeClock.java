package dev.animus.plugins.queue;

import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test moves it, in milliseconds. */
final class FakeClock implements InstantSource {
    private final AtomicLong millis;

    FakeClock(Instant start) {
        millis = new AtomicLong(start.toEpochMilli());
    }

    void advance(long ms) {
        millis.addAndGet(ms);
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }
}
