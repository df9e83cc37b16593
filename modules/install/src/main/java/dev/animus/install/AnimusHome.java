package dev.animus.install;

import dev.animus.core.SecretStore;
import dev.animus.discovery.AnimusPaths;
import dev.animus.store.DigestStore;
import dev.animus.store.HomeLayout;
import dev.animus.store.LockfileStore;
import dev.animus.store.StateStore;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The persisted side of one {@code <animus_home>} and project, as the install module works on it:
 * the state document, the digest-addressed store, the lockfile in force, the clock that stamps
 * records, the caller's environment (for manifest probes) and the secret store in force (chosen
 * when first asked). Holds no open resources. Built once per process by the composition root
 * (runtime), which alone constructs stores.
 *
 * @param secrets the secret store in force; asked only when a secret is needed
 */
public record AnimusHome(
        AnimusPaths paths,
        HomeLayout layout,
        StateStore state,
        DigestStore store,
        LockfileStore lockfile,
        InstantSource clock,
        Map<String, String> callerEnvironment,
        Supplier<SecretStore> secrets) {

    public AnimusHome {
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(lockfile, "lockfile");
        Objects.requireNonNull(clock, "clock");
        callerEnvironment = Map.copyOf(callerEnvironment);
        Objects.requireNonNull(secrets, "secrets");
    }

    /** Now, to the second: what install records and grants are stamped with. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    /** The gate every launch of an installed plugin passes. */
    public LaunchGate gate() {
        return new LaunchGate(state, store);
    }
}
