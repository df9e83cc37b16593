package dev.animus.plugins.schedule;

import java.time.Instant;

/**
 * Waits for an instant of the loop's clock. The plugin's waits on the system clock and is woken
 * early by its close; a test's moves a fake clock instead of waiting.
 */
@FunctionalInterface
interface Wakeup {
    /**
     * Returns once the clock has reached {@code when}, or earlier when the wait was ended.
     *
     * @return false when the loop is to stop
     * @throws InterruptedException if the thread is interrupted
     */
    boolean until(Instant when) throws InterruptedException;
}
