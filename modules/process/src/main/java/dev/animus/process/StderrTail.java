package dev.animus.process;

import dev.animus.core.Redaction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains a plugin's stderr for as long as it is open, so the plugin can never block on a full
 * pipe, and keeps the last {@value #MAX_LINES} lines (each at most {@value #MAX_LINE_BYTES} bytes,
 * redacted) for error messages. Every line also goes to the log at debug level, redacted the same.
 *
 * <p>Redaction takes time linear in the kept bytes (the rest of a longer line is dropped unread),
 * so the drain keeps pace with the pipe whatever the plugin writes. Lines are redacted one by one:
 * a secret of several lines is caught line by line ({@link Redaction#maskEverywhere} masks each of
 * its lines on its own), and a line cut at the length limit loses an end that could begin a
 * secret.
 *
 * <p>Thread-safe: one drain thread writes, any thread reads a snapshot.
 */
public final class StderrTail {
    /** Lines kept. */
    public static final int MAX_LINES = 40;
    /** Bytes kept of one line; the rest of a longer line is dropped and marked with an ellipsis. */
    public static final int MAX_LINE_BYTES = 512;

    private final ArrayDeque<String> lines = new ArrayDeque<>(MAX_LINES);
    private final ReentrantLock lock = new ReentrantLock();
    private final CountDownLatch drained = new CountDownLatch(1);
    private final Logger log;
    private long totalLines;

    private StderrTail(String pluginName) {
        this.log = LoggerFactory.getLogger("animus.plugin." + pluginName);
    }

    /** Starts draining {@code stderr} on a platform thread (see ProcessThreads). */
    static StderrTail drain(String pluginName, InputStream stderr) {
        StderrTail tail = new StderrTail(pluginName);
        ProcessThreads.startStderrDrain(() -> tail.run(stderr));
        return tail;
    }

    private void run(InputStream in) {
        byte[] line = new byte[MAX_LINE_BYTES];
        int len = 0;
        boolean truncated = false;
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n') {
                        add(line, len, truncated);
                        len = 0;
                        truncated = false;
                    } else if (len < MAX_LINE_BYTES) {
                        line[len++] = b;
                    } else {
                        truncated = true;
                    }
                }
            }
        } catch (IOException e) {
            log.debug("stderr of plugin closed: {}", e.getMessage());
        } finally {
            if (len > 0) {
                add(line, len, truncated);
            }
            drained.countDown();
        }
    }

    private void add(byte[] bytes, int len, boolean truncated) {
        int end = len;
        if (end > 0 && bytes[end - 1] == '\r') {
            end--;
        }
        String text;
        if (truncated) {
            // a character cut in half would hide the secret it begins from the mask of a cut-off end
            text = Redaction.redactCut(new String(bytes, 0, wholeCharacters(bytes, end), StandardCharsets.UTF_8)) + "…";
        } else {
            text = Redaction.redact(new String(bytes, 0, end, StandardCharsets.UTF_8));
        }
        log.debug("{}", text);
        lock.lock();
        try {
            if (lines.size() == MAX_LINES) {
                lines.removeFirst();
            }
            lines.addLast(text);
            totalLines++;
        } finally {
            lock.unlock();
        }
    }

    /** {@code end}, or less so that {@code bytes[0, end)} does not end inside a UTF-8 sequence. */
    static int wholeCharacters(byte[] bytes, int end) {
        int start = end;
        while (start > 0 && start > end - 4 && (bytes[start - 1] & 0xC0) == 0x80) {
            start--;
        }
        if (start == 0 || (bytes[start - 1] & 0x80) == 0) {
            return end; // ASCII last, or no lead byte in reach: nothing to trim
        }
        int lead = bytes[start - 1] & 0xFF;
        int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return end - (start - 1) < length ? start - 1 : end;
    }

    /** The kept lines, oldest first. */
    public List<String> lines() {
        lock.lock();
        try {
            return List.copyOf(lines);
        } finally {
            lock.unlock();
        }
    }

    /** How many lines the plugin wrote in all. */
    public long totalLines() {
        lock.lock();
        try {
            return totalLines;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits up to {@code bound} for stderr to reach end of file (a grandchild may hold it open, so
     * callers must not wait forever). Returns whether it did.
     */
    boolean awaitDrained(Duration bound) {
        try {
            return drained.await(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
