package dev.animus.runtime;

import dev.animus.discovery.AnimusPaths;
import dev.animus.install.AnimusHome;
import dev.animus.store.DigestStore;
import dev.animus.store.HomeLayout;
import dev.animus.store.LockfileStore;
import dev.animus.store.StateStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;

/**
 * Builds the stores of one {@code <animus_home>} and project: the one place they are constructed.
 *
 * <p>The lockfile is the project's ({@code <project>/.animus/plugins.lock}) when the project has an
 * {@code .animus} directory, else the global one ({@code <animus_home>/plugins.lock}).
 */
public final class Homes {
    /** How long any command waits for another one's lock on the state document or the lockfile. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(10);

    private Homes() {}

    /** The home and project {@code paths} name, with the system clock. */
    public static AnimusHome open(AnimusPaths paths, Map<String, String> callerEnvironment) {
        return open(paths, callerEnvironment, InstantSource.system());
    }

    /** The home and project {@code paths} name, stamping records with {@code clock}. */
    public static AnimusHome open(AnimusPaths paths, Map<String, String> callerEnvironment, InstantSource clock) {
        HomeLayout layout = new HomeLayout(paths.home());
        Path projectLock = HomeLayout.projectLockfile(paths.projectRoot());
        Path lockfile = Files.isDirectory(projectLock.getParent()) ? projectLock : layout.globalLockfile();
        Map<String, String> env = Map.copyOf(callerEnvironment);
        return new AnimusHome(
                paths,
                layout,
                new StateStore(layout.stateFile(), layout.stateLock(), LOCK_WAIT),
                new DigestStore(layout.store()),
                new LockfileStore(lockfile, LOCK_WAIT),
                clock,
                env,
                () -> SecretBackends.select(env, layout));
    }
}
