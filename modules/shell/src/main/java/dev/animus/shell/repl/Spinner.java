package dev.animus.shell.repl;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What the interactive shell shows while a command runs without a word: once it has printed
 * nothing for {@link #QUIET}, one line on stderr with a spinner and the time since the command
 * started ({@code ⠹ 3.4s (Ctrl-C cancels)}), redrawn every {@link #FRAME}. The line is erased
 * before the command prints anything (the command's output passes through {@link #write}) and when
 * it ends; the spinner waits another {@link #QUIET} after each output.
 *
 * <p>It never draws over what the command is saying: not while it reads input (a question, a
 * hidden secret: {@link #pause}), and not after output that did not end its line (a {@code [y/N]}
 * question, a progress bar).
 *
 * <p>Time comes from {@code nanoTime} and redraws from {@code ticks}, both injected, so a test
 * drives it with a fake clock. Thread-safe: ticks come from the ticker's thread, output from the
 * command's threads, {@link #clear} from the signal thread.
 */
final class Spinner {
    static final Duration QUIET = Duration.ofSeconds(1);
    static final Duration FRAME = Duration.ofMillis(100);
    static final List<String> UNICODE = List.of("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏");
    static final List<String> ASCII = List.of("|", "/", "-", "\\");
    /** Carriage return, then erase to the end of the line. */
    static final String ERASE = "\r\u001b[K";

    /** Calls a task every period until the returned handle is closed. */
    @FunctionalInterface
    interface Ticker {
        AutoCloseable every(Duration period, Runnable tick);
    }

    private final LongSupplier nanoTime;
    private final Ticker ticker;
    private final Consumer<String> screen;
    private final List<String> frames;
    private final ReentrantLock lock = new ReentrantLock();

    private boolean running;
    private long started;
    private long quietSince;
    private boolean atLineStart;
    private boolean shown;
    private int pauses;
    private int frame;
    private AutoCloseable ticking;

    /**
     * @param screen writes its text to stderr and flushes (after whatever the command wrote to
     *     stdout, flushed first)
     * @param frames the spinner's pictures, one per redraw
     */
    Spinner(LongSupplier nanoTime, Ticker ticker, Consumer<String> screen, List<String> frames) {
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.screen = Objects.requireNonNull(screen, "screen");
        this.frames = List.copyOf(frames);
        if (this.frames.isEmpty()) {
            throw new IllegalArgumentException("a spinner needs at least one frame");
        }
    }

    /** A command starts (the cursor is at the start of a line: Enter was just pressed). */
    void begin() {
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            running = true;
            started = now;
            quietSince = now;
            atLineStart = true;
            shown = false;
            pauses = 0;
            frame = 0;
            ticking = ticker.every(FRAME, this::tick);
        } finally {
            lock.unlock();
        }
    }

    /** The command ended: the spinner is erased and stops. */
    void end() {
        AutoCloseable stop;
        lock.lock();
        try {
            running = false;
            erase();
            stop = ticking;
            ticking = null;
        } finally {
            lock.unlock();
        }
        if (stop != null) {
            try {
                stop.close();
            } catch (Exception e) {
                // a ticker that cannot stop ticks into a spinner that no longer runs: harmless
            }
        }
    }

    /** One redraw: draws the spinner when the command has been quiet long enough. */
    void tick() {
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            if (!running || pauses > 0 || !atLineStart || now - quietSince < QUIET.toNanos()) {
                return;
            }
            screen.accept("\r" + frames.get(frame++ % frames.size()) + " " + elapsed(Duration.ofNanos(now - started))
                    + " (Ctrl-C cancels)\u001b[K");
            shown = true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Output of the command: the spinner is erased first, then {@code write} runs (nothing draws
     * while it does), and the quiet second starts again.
     *
     * @param last the last character written, to know whether the line was ended
     */
    void write(Runnable write, char last) {
        lock.lock();
        try {
            erase();
            write.run();
            quietSince = nanoTime.getAsLong();
            atLineStart = last == '\n';
        } finally {
            lock.unlock();
        }
    }

    /**
     * Erases the spinner for a line printed by other means (one printed above the prompt, the
     * newline after {@code ^C}); the quiet second starts again.
     *
     * @return whether the spinner was showing (its line is now empty, the cursor at its start)
     */
    boolean clear() {
        lock.lock();
        try {
            quietSince = nanoTime.getAsLong();
            return erase();
        } finally {
            lock.unlock();
        }
    }

    /** The command waits for input: no spinner until {@link #resume}. */
    void pause() {
        lock.lock();
        try {
            pauses++;
            erase();
        } finally {
            lock.unlock();
        }
    }

    /** The input was read; the quiet second starts again. */
    void resume() {
        lock.lock();
        try {
            pauses = Math.max(0, pauses - 1);
            quietSince = nanoTime.getAsLong();
        } finally {
            lock.unlock();
        }
    }

    private boolean erase() {
        if (!shown) {
            return false;
        }
        screen.accept(ERASE);
        shown = false;
        return true;
    }

    /** {@code 0.4s}, {@code 59.9s}, {@code 1m05s}, {@code 2h03m}: tenths under a minute, cut, not rounded. */
    static String elapsed(Duration d) {
        long tenths = d.toMillis() / 100;
        if (tenths < 600) {
            return tenths / 10 + "." + tenths % 10 + "s";
        }
        long seconds = d.toSeconds();
        if (seconds < 3600) {
            return seconds / 60 + "m" + two(seconds % 60) + "s";
        }
        return seconds / 3600 + "h" + two(seconds / 60 % 60) + "m";
    }

    private static String two(long n) {
        return n < 10 ? "0" + n : Long.toString(n);
    }
}
