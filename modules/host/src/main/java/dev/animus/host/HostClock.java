package dev.animus.host;

import dev.animus.core.Moment;
import java.time.InstantSource;

/**
 * Where the runtime's lifecycle logic reads "now": a monotonic reading for spans and the wall clock
 * for what people read. Tests pass a fake one and move it by hand.
 */
@FunctionalInterface
public interface HostClock {

    Moment now();

    /** {@code System.nanoTime()} and the system wall clock. */
    static HostClock system() {
        InstantSource wall = InstantSource.system();
        return () -> new Moment(System.nanoTime(), wall.instant());
    }
}
