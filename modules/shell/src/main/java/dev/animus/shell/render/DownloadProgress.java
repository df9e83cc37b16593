package dev.animus.shell.render;

import dev.animus.runtime.DownloadListener;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * A progress bar for downloads on stderr, only at a terminal (docs/cli.md#output-streams: bars only
 * on a terminal); elsewhere nothing. It shows the bytes so far, the average rate since the download
 * began and, with a known size, the time left; the last line the time it took. Redraws once per
 * percent (or per MiB without a known size), and at least every second so the rate and the time
 * left move on a slow download; never more than that.
 *
 * <p>Not thread-safe: one download calls it.
 */
public final class DownloadProgress implements DownloadListener {
    private static final int WIDTH = 30;
    private static final long SECOND = 1_000_000_000L;
    /** The rate is shown once this much time has passed: before, one read's burst is no rate. */
    private static final long RATE_AFTER = SECOND / 2;

    private final PrintWriter err;
    private final LongSupplier nanoTime;
    private final long started;
    private long lastStep = -1;
    private long lastDrawnAt;
    private int lastLength;
    private boolean finished;

    DownloadProgress(PrintWriter err, LongSupplier nanoTime) {
        this.err = err;
        this.nanoTime = nanoTime;
        this.started = nanoTime.getAsLong();
        this.lastDrawnAt = started;
    }

    public static DownloadListener on(Terminal t) {
        return t.interactive() && !t.quiet()
                ? new DownloadProgress(t.err(), System::nanoTime)
                : DownloadListener.none();
    }

    @Override
    public void update(long received, OptionalLong total) {
        if (finished) {
            return; // the final line is drawn once
        }
        long now = nanoTime.getAsLong();
        boolean sized = total.isPresent() && total.getAsLong() > 0;
        boolean done = sized && received >= total.getAsLong();
        long step = sized ? received * 100 / total.getAsLong() : received >> 20;
        if (step == lastStep && now - lastDrawnAt < SECOND && !done) {
            return;
        }
        lastStep = step;
        lastDrawnAt = now;
        String line = line(received, total, now - started);
        // \r goes back to the start of the line; spaces cover what a longer line before left there
        err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())) + (done ? "\n" : ""));
        err.flush();
        lastLength = line.length();
        finished = done;
    }

    /**
     * One line of the bar: {@code received} bytes of {@code total} (when known) after
     * {@code elapsedNanos}. For example {@code [######    ] 3.0 MiB / 10.0 MiB  1.5 MiB/s  0:05 left},
     * and once all is there {@code ... 10.0 MiB / 10.0 MiB  1.4 MiB/s  in 0:07}.
     */
    static String line(long received, OptionalLong total, long elapsedNanos) {
        boolean withRate = elapsedNanos >= RATE_AFTER && received > 0;
        double perSecond = withRate ? received * (double) SECOND / elapsedNanos : 0;
        String rate = withRate ? "  " + size(Math.round(perSecond)) + "/s" : "";
        if (total.isEmpty() || total.getAsLong() <= 0) {
            return mib(received) + " downloaded" + rate;
        }
        long all = total.getAsLong();
        int filled = (int) Math.min(WIDTH, received * WIDTH / all);
        String bar = "[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + mib(received) + " / " + mib(all);
        if (received >= all) {
            return bar + rate + "  in " + duration(elapsedNanos / SECOND);
        }
        if (!withRate) {
            return bar;
        }
        long left = (long) Math.ceil((all - received) / perSecond);
        return bar + rate + "  " + duration(left) + " left";
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour on. */
    static String duration(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0
                ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s)
                : String.format(Locale.ROOT, "%d:%02d", m, s);
    }

    /** Bytes in the largest binary unit that keeps the number at least 1: {@code 512 B}, {@code 1.5 MiB}. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes / 1024.0;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
