package dev.animus.install;

import dev.animus.store.DigestStore;
import dev.animus.store.HomeLayout;
import dev.animus.store.LockfileStore;
import dev.animus.store.StateStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Objects;

/**
 * The persisted side of one {@code <animus_home>} and project, wired once per process: the state
 * document, the digest-addressed store, the lockfile in force, the clock that stamps records, and
 * the caller's environment (for manifest probes). Holds no open resources.
 *
 * <p>The lockfile is the project's ({@code <project>/.animus/plugins.lock}) when the project has an
 * {@code .animus} directory, else the global one ({@code <animus_home>/plugins.lock}).
 */
public record AnimusHome(AnimusPaths paths, HomeLayout layout, StateStore state, DigestStore store,
        LockfileStore lockfile, InstantSource clock, Map<String, String> callerEnvironment) {

    /** How long any command waits for another one's lock on the state document or the lockfile. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(10);

    public AnimusHome {
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(lockfile, "lockfile");
        Objects.requireNonNull(clock, "clock");
        callerEnvironment = Map.copyOf(callerEnvironment);
    }

    /** The home and project {@code paths} name, with the system clock. */
    public static AnimusHome open(AnimusPaths paths, Map<String, String> callerEnvironment) {
        return open(paths, callerEnvironment, InstantSource.system());
    }

    public static AnimusHome open(AnimusPaths paths, Map<String, String> callerEnvironment, InstantSource clock) {
        HomeLayout layout = new HomeLayout(paths.home());
        Path projectLock = HomeLayout.projectLockfile(paths.projectRoot());
        Path lockfile = Files.isDirectory(projectLock.getParent()) ? projectLock : layout.globalLockfile();
        return new AnimusHome(paths, layout, new StateStore(layout.stateFile(), layout.stateLock(), LOCK_WAIT),
                new DigestStore(layout.store()), new LockfileStore(lockfile, LOCK_WAIT), clock, callerEnvironment);
    }

    /** Now, to the second: what install records and grants are stamped with. */
    public java.time.Instant now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    }

    /** The gate every launch of an installed plugin passes. */
    public LaunchGate gate() {
        return new LaunchGate(state, store);
    }
}
