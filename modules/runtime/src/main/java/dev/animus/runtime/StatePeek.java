package dev.animus.runtime;

import dev.animus.core.InstallState;
import dev.animus.discovery.AnimusPaths;
import dev.animus.store.DocumentUnreadable;
import dev.animus.store.HomeLayout;
import dev.animus.store.LockTimedOut;
import dev.animus.store.StateStore;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state document read for a completion: afresh, never creating a home, and giving up quickly
 * (an unreadable or busy document is no state at all rather than a held-up prompt).
 */
final class StatePeek {
    private static final Logger LOG = LoggerFactory.getLogger(StatePeek.class);
    /** A completion waits this long at most for another command's lock on the state document. */
    private static final Duration LOCK_WAIT = Duration.ofMillis(300);

    private StatePeek() {}

    static Optional<InstallState> read(Map<String, String> environment) {
        try {
            HomeLayout layout =
                    new HomeLayout(AnimusPaths.from(environment, Path.of("")).home());
            if (!Files.exists(layout.stateFile())) {
                return Optional.empty(); // nothing installed: and a completion creates no home
            }
            return Optional.of(new StateStore(layout.stateFile(), layout.stateLock(), LOCK_WAIT)
                    .read()
                    .state());
        } catch (DocumentUnreadable | LockTimedOut | UncheckedIOException | IllegalArgumentException e) {
            LOG.debug("completion: the state document is not readable now: {}", e.getMessage());
            return Optional.empty();
        }
    }
}
