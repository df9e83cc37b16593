package dev.animus.shell.render;

import dev.animus.runtime.DownloadListener;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * A progress bar for downloads on stderr, only at a terminal (docs/cli.md#output-streams: bars only
 * on a terminal); elsewhere nothing. Redraws at most once per percent (or per MiB without a known
 * size).
 */
public final class DownloadProgress implements DownloadListener {
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private long lastDrawn = -1;

    private DownloadProgress(PrintWriter err) {
        this.err = err;
    }

    public static DownloadListener on(Terminal t) {
        return t.interactive() && !t.quiet() ? new DownloadProgress(t.err()) : DownloadListener.none();
    }

    @Override
    public void update(long received, OptionalLong total) {
        long step = total.isPresent() && total.getAsLong() > 0 ? received * 100 / total.getAsLong() : received >> 20;
        if (step == lastDrawn) {
            return;
        }
        lastDrawn = step;
        if (total.isPresent() && total.getAsLong() > 0) {
            int filled = (int) Math.min(WIDTH, received * WIDTH / total.getAsLong());
            err.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + mib(received) + " / "
                    + mib(total.getAsLong()) + (received >= total.getAsLong() ? "\n" : ""));
        } else {
            err.print("\r" + mib(received) + " downloaded");
        }
        err.flush();
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
