package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The bar's text and when it is redrawn, on a fake clock: no download, no sleep. */
class DownloadProgressTest {
    private static final long MIB = 1024 * 1024;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aSizedDownloadShowsTheRateAndTheTimeLeft() {
        // 3 MiB of 10 in 2 s: 1.5 MiB/s, 7 MiB left take 4.67 s, shown as the whole seconds to come
        assertEquals(
                "[#########                     ] 3.0 MiB / 10.0 MiB  1.5 MiB/s  0:05 left",
                DownloadProgress.line(3 * MIB, OptionalLong.of(10 * MIB), 2 * SECOND));
    }

    @Test
    void theLastLineSaysHowLongItTook() {
        assertEquals(
                "[##############################] 10.0 MiB / 10.0 MiB  1.3 MiB/s  in 0:07",
                DownloadProgress.line(10 * MIB, OptionalLong.of(10 * MIB), 7 * SECOND + SECOND / 2));
    }

    @Test
    void noRateBeforeHalfASecondNorBeforeTheFirstByte() {
        assertEquals(
                "[###                           ] 1.0 MiB / 10.0 MiB",
                DownloadProgress.line(MIB, OptionalLong.of(10 * MIB), SECOND / 4));
        assertEquals(
                "[                              ] 0.0 MiB / 10.0 MiB",
                DownloadProgress.line(0, OptionalLong.of(10 * MIB), 3 * SECOND));
    }

    @Test
    void withoutASizeTheBytesAndTheRate() {
        assertEquals("5.0 MiB downloaded  2.5 MiB/s", DownloadProgress.line(5 * MIB, OptionalLong.empty(), 2 * SECOND));
        assertEquals("5.0 MiB downloaded", DownloadProgress.line(5 * MIB, OptionalLong.empty(), 0));
        assertEquals("0.0 MiB downloaded  300 B/s", DownloadProgress.line(600, OptionalLong.of(0), 2 * SECOND));
    }

    @Test
    void ratesAndDurationsInTheirUnits() {
        assertEquals("1023 B", DownloadProgress.size(1023));
        assertEquals("1.0 KiB", DownloadProgress.size(1024));
        assertEquals("1.5 GiB", DownloadProgress.size(3 * 512 * MIB));
        assertEquals("0:00", DownloadProgress.duration(0));
        assertEquals("1:05", DownloadProgress.duration(65));
        assertEquals("59:59", DownloadProgress.duration(3599));
        assertEquals("2:00:01", DownloadProgress.duration(7201));
    }

    @Test
    void aSlowDownloadIsRedrawnEverySecondAndTheLastLineOnce() {
        AtomicLong now = new AtomicLong(1_000 * SECOND);
        StringWriter out = new StringWriter();
        var bar = new DownloadProgress(new PrintWriter(out, true), now::get);
        long total = 1000 * MIB;
        bar.update(MIB, OptionalLong.of(total)); // 0 %: drawn (the first)
        now.addAndGet(SECOND / 2);
        bar.update(2 * MIB, OptionalLong.of(total)); // still 0 %, half a second later: not drawn
        now.addAndGet(SECOND / 2);
        bar.update(3 * MIB, OptionalLong.of(total)); // still 0 %, a second after the last: drawn
        now.addAndGet(SECOND);
        bar.update(total, OptionalLong.of(total)); // done: drawn, ends the line
        bar.update(total, OptionalLong.of(total)); // again: nothing
        String[] draws = out.toString().split("\r", -1);
        assertEquals(4, draws.length, out.toString()); // "" before the first \r, then three lines
        assertEquals("[                              ] 1.0 MiB / 1000.0 MiB", draws[1]);
        assertEquals("[                              ] 3.0 MiB / 1000.0 MiB  3.0 MiB/s  5:33 left", draws[2]);
        assertEquals("[##############################] 1000.0 MiB / 1000.0 MiB  500.0 MiB/s  in 0:02\n", draws[3]);
    }

    @Test
    void aShorterLineCoversTheLongerOneBefore() {
        AtomicLong now = new AtomicLong(0);
        StringWriter out = new StringWriter();
        var bar = new DownloadProgress(new PrintWriter(out, true), now::get);
        now.set(10 * SECOND);
        bar.update(90 * MIB, OptionalLong.empty()); // "90.0 MiB downloaded  9.0 MiB/s"
        now.set(10 * SECOND + 1);
        bar.update(91 * MIB, OptionalLong.empty()); // "91.0 MiB downloaded  9.1 MiB/s" (same length)
        now.set(1000 * SECOND);
        bar.update(92 * MIB, OptionalLong.empty()); // "92.0 MiB downloaded  94.2 KiB/s": 1 longer
        now.set(100_000 * SECOND);
        bar.update(93 * MIB, OptionalLong.empty()); // "93.0 MiB downloaded  975 B/s": shorter, padded
        String[] draws = out.toString().split("\r", -1);
        assertEquals("92.0 MiB downloaded  94.2 KiB/s", draws[3]);
        assertEquals("93.0 MiB downloaded  975 B/s   ", draws[4]);
    }
}
