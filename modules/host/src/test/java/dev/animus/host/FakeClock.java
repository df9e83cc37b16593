package dev.animus.host;

import dev.animus.core.Moment;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test moves it. */
final class FakeClock implements HostClock {
    private static final Instant START = Instant.parse("2026-11-30T12:00:00Z");
    private final AtomicLong ticks = new AtomicLong(1_000_000_000L);

    @Override
    public Moment now() {
        long t = ticks.get();
        return new Moment(t, START.plusNanos(t));
    }

    void advance(Duration d) {
        ticks.addAndGet(d.toNanos());
    }
}
