package dev.animus.store;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where Animus keeps its own files under {@code <animus_home>}
 * (docs/operations.md#where-animus-keeps-things). Nothing is created here; each owner creates what
 * it writes.
 */
public record HomeLayout(Path home) {
    public HomeLayout {
        home = Objects.requireNonNull(home, "home").toAbsolutePath().normalize();
    }

    /** The digest-addressed store of installed code: {@code store/<sha256>/}. */
    public Path store() {
        return home.resolve("store");
    }

    /** The state document: installs, trust, consent, enablement. */
    public Path stateFile() {
        return home.resolve("state").resolve("state.json");
    }

    /** The lock file beside the state document. */
    public Path stateLock() {
        return home.resolve("state").resolve(".state.lock");
    }

    /** The global lockfile. */
    public Path globalLockfile() {
        return home.resolve("plugins.lock");
    }

    /** A project's own lockfile. */
    public static Path projectLockfile(Path projectRoot) {
        return projectRoot.resolve(".animus").resolve("plugins.lock");
    }

    /** Trust-on-first-use decisions about GitHub owners. */
    public Path trustedOrgs() {
        return home.resolve("trusted-orgs.toml");
    }

    /** The file keyring backend. */
    public Path secrets() {
        return home.resolve("secrets.toml");
    }

    /** The lock file of the file keyring backend, beside {@link #secrets()}. */
    public Path secretsLock() {
        return home.resolve(".secrets.lock");
    }

    /** The shell's history. */
    public Path history() {
        return home.resolve("history");
    }
}
