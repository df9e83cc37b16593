package dev.animus.store;

import java.nio.file.Path;
import java.time.Duration;

/** Another process (or thread) held a lock longer than the bounded wait. */
public final class LockTimedOut extends RuntimeException implements StoreFailure {
    private static final long serialVersionUID = 1L;

    LockTimedOut(Path lockFile, Duration waited) {
        super("another animus process holds " + lockFile + " (waited " + waited.toMillis()
                + " ms); try again when it is done, or find it with 'fuser " + lockFile + "'");
    }
}
