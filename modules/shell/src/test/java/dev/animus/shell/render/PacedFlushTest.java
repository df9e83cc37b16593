package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The pacing of a streamed stdout's flushes, on a fake clock with a hand-run timer. */
class PacedFlushTest {
    private static final long MS = 1_000_000L;

    /** A fake clock and the deferred tasks, run when the test says. */
    private static final class Fake implements PacedFlush.Later {
        long now = 1_000 * MS;
        final List<long[]> delays = new ArrayList<>();
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public void run(Runnable task, long delayNanos) {
            delays.add(new long[] {now, delayNanos});
            tasks.add(task);
        }

        void runDue() {
            List<Runnable> due = new ArrayList<>(tasks);
            tasks.clear();
            due.forEach(Runnable::run);
        }
    }

    @Test
    void theFirstWriteAndEveryWriteAfterAQuietIntervalFlushAtOnce() {
        Fake fake = new Fake();
        AtomicInteger flushes = new AtomicInteger();
        PacedFlush paced = new PacedFlush(flushes::incrementAndGet, () -> fake.now, Duration.ofMillis(1), fake);
        paced.wrote();
        assertEquals(1, flushes.get(), "the first event shows at once");
        fake.now += 5 * MS; // a model's next token, 5 ms later
        paced.wrote();
        assertEquals(2, flushes.get(), "a slow stream flushes every piece at once");
        fake.now += MS; // exactly one interval later: at once too
        paced.wrote();
        assertEquals(3, flushes.get());
        assertTrue(fake.tasks.isEmpty(), "nothing deferred: " + fake.tasks.size());
    }

    @Test
    void aBurstIsOneDeferredFlushAtTheEndOfTheInterval() {
        Fake fake = new Fake();
        AtomicInteger flushes = new AtomicInteger();
        PacedFlush paced = new PacedFlush(flushes::incrementAndGet, () -> fake.now, Duration.ofMillis(1), fake);
        paced.wrote(); // flushed at once
        for (int i = 0; i < 1000; i++) {
            fake.now += 100; // 1,000 events 100 ns apart
            paced.wrote();
        }
        assertEquals(1, flushes.get(), "the burst waits");
        assertEquals(1, fake.tasks.size(), "one flush is deferred for the whole burst");
        assertEquals(MS - 100, fake.delays.getFirst()[1], "due one interval after the last flush");
        fake.now = fake.delays.getFirst()[0] + fake.delays.getFirst()[1];
        fake.runDue();
        assertEquals(2, flushes.get());
        fake.now += 10; // right after the deferred flush: deferred again
        paced.wrote();
        assertEquals(2, flushes.get());
        assertEquals(1, fake.tasks.size());
    }

    @Test
    void finishFlushesWhatWaitsAndLaterWritesFlushAtOnce() {
        Fake fake = new Fake();
        AtomicInteger flushes = new AtomicInteger();
        PacedFlush paced = new PacedFlush(flushes::incrementAndGet, () -> fake.now, Duration.ofMillis(1), fake);
        paced.wrote();
        fake.now += 10;
        paced.wrote();
        assertEquals(1, flushes.get());
        paced.finish();
        assertEquals(2, flushes.get(), "the stream's end shows what waited");
        fake.runDue(); // the deferred task finds nothing left to do
        assertEquals(2, flushes.get());
        fake.now += 10;
        paced.wrote();
        assertEquals(3, flushes.get(), "after the end every write flushes");
        paced.finish();
        assertEquals(3, flushes.get(), "a second finish flushes nothing");
    }

    @Test
    void theRealTimerFlushesABurstWithinTheInterval() throws InterruptedException {
        CountDownLatch two = new CountDownLatch(2);
        try (PacedFlush paced = new PacedFlush(two::countDown, System::nanoTime, Duration.ofMillis(200), null)) {
            paced.wrote();
            paced.wrote(); // within 200 ms of the first: the timer thread flushes it
            assertTrue(two.await(10, TimeUnit.SECONDS), "the deferred flush ran");
        }
    }

    @Test
    void anIntervalMustBePositive() {
        assertThrows(
                IllegalArgumentException.class, () -> new PacedFlush(() -> {}, System::nanoTime, Duration.ZERO, null));
    }
}
