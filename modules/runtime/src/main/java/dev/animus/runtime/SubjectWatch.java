package dev.animus.runtime;

import java.time.Duration;
import java.util.Optional;

/**
 * A watch in progress ({@link SubjectEndpoint#watch}). Closing it unwatches (a best-effort
 * {@code subject/unwatch} to each backend) and stops any polling; idempotent.
 */
public interface SubjectWatch extends AutoCloseable {

    /**
     * Waits until the watch ends on its own (a backend died, the daemon stopped) or is closed.
     *
     * @return why it ended, or empty when {@code timeout} passed first
     * @throws InterruptedException when the waiting thread is interrupted (Ctrl-C)
     */
    Optional<String> await(Duration timeout) throws InterruptedException;

    @Override
    void close();
}
