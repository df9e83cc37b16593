package dev.animus.shell.render;

import dev.animus.core.OneLine;
import dev.animus.core.ProcessState;
import dev.animus.core.StatusChange;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.StatusFeed;
import dev.animus.shell.ShellThreads;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Shows the {@code plugin_status_changed} events of the shell's plugins as they happen: a plugin
 * that crashed, restarted, was disabled or stopped (idle, or by a command). The routine ones (a
 * call making a plugin busy and ready again, a launch) are not shown: the command that caused them
 * already says what happened.
 *
 * <p>States: running → closed ({@link #close()}, idempotent: stops listening and waits for the
 * printing thread).
 */
public final class StatusEventPrinter implements AutoCloseable {
    private final StatusFeed subscription;
    private final Thread thread;
    private final AtomicBoolean closing = new AtomicBoolean();

    private StatusEventPrinter(StatusFeed subscription, Consumer<String> sink) {
        this.subscription = subscription;
        this.thread = ShellThreads.start("animus-shell-events", () -> pump(sink));
    }

    /** Starts printing the events of {@code events} to {@code sink}, one line each. */
    public static StatusEventPrinter start(Plugins plugins, Consumer<String> sink) {
        return new StatusEventPrinter(plugins.subscribe(false), sink);
    }

    private void pump(Consumer<String> sink) {
        try {
            while (!closing.get()) {
                subscription
                        .next(Duration.ofSeconds(1))
                        .flatMap(StatusEventPrinter::line)
                        .ifPresent(sink);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The line shown for {@code change}; empty for a routine transition. */
    static Optional<String> line(StatusChange change) {
        boolean worthSaying = switch (change.to()) {
            case CRASHED, DISABLED, TERMINATED -> true;
            case LAUNCHING -> change.from() == ProcessState.CRASHED;
            case DISCOVERED, REGISTERED, READY, BUSY -> false;
        };
        if (!worthSaying) {
            return Optional.empty();
        }
        return Optional.of(
                OneLine.of("plugin " + change.plugin() + ": " + change.from().word() + " -> "
                        + change.to().word() + (change.reason().isEmpty() ? "" : " (" + change.reason() + ")")));
    }

    @Override
    public void close() {
        closing.set(true);
        subscription.close();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
