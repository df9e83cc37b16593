package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void fiveQuickFailuresWaitOneTwoFourAndEightSecondsThenCrash() {
        Backoff b = Backoff.standard();
        List<Long> delays = new ArrayList<>();
        for (int k = 1; k <= 4; k++) {
            delays.add(assertInstanceOf(Backoff.Restart.class, b.failed(Optional.of(Duration.ofSeconds(59))))
                    .delay()
                    .toSeconds());
        }
        assertEquals(List.of(1L, 2L, 4L, 8L), delays);
        assertEquals(
                5,
                assertInstanceOf(Backoff.Crashed.class, b.failed(Optional.empty()))
                        .failures());
        assertEquals(
                5,
                assertInstanceOf(Backoff.Crashed.class, b.failed(Optional.of(Duration.ofHours(1))))
                        .failures());
    }

    @Test
    void aRunOfSixtySecondsForgetsTheFailuresBeforeIt() {
        Backoff b = Backoff.standard();
        b.failed(Optional.empty());
        b.failed(Optional.empty());
        b.failed(Optional.of(Duration.ofSeconds(3)));
        Backoff.Decision d = b.failed(Optional.of(Duration.ofSeconds(60)));
        assertEquals(new Backoff.Restart(1, Duration.ofSeconds(1)), d);
    }

    @Test
    void theDelaysDoubleUpToTheCapWhenTheLimitAllows() {
        Backoff b = Backoff.of(10, Backoff.CAP, Backoff.RESET_AFTER);
        List<Long> delays = new ArrayList<>();
        for (int k = 1; k <= 9; k++) {
            delays.add(((Backoff.Restart) b.failed(Optional.empty())).delay().toSeconds());
        }
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L), delays);
    }

    @Test
    void randomRunsAgreeWithTheModel() {
        Random random = new Random(40);
        for (int round = 0; round < 2_000; round++) {
            int limit = 1 + random.nextInt(8);
            Backoff b = Backoff.of(limit, Duration.ofSeconds(60), Duration.ofSeconds(60));
            int k = 0;
            boolean crashed = false;
            for (int step = 0; step < 30; step++) {
                Optional<Duration> ran = random.nextInt(4) == 0
                        ? Optional.empty()
                        : Optional.of(Duration.ofMillis(random.nextLong(120_000)));
                Backoff.Decision d = b.failed(ran);
                if (!crashed) {
                    if (ran.isPresent() && ran.get().toMillis() >= 60_000) {
                        k = 0;
                    }
                    k++;
                    crashed = k >= limit;
                }
                if (crashed) {
                    assertEquals(new Backoff.Crashed(k), d);
                } else {
                    assertEquals(new Backoff.Restart(k, Duration.ofSeconds(Math.min(60, 1L << (k - 1)))), d);
                }
            }
        }
    }
}
