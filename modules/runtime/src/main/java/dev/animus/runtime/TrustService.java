package dev.animus.runtime;

import dev.animus.core.AgentScope;
import dev.animus.core.ArtifactShape;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.core.ManifestCheck;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginCandidate;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.store.DigestStore;
import dev.animus.store.StateView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The operator's acts on installed plugins (lifecycle.md §1), each one transaction of the state
 * document: trust an exact code digest (and read a binary's manifest, its first run), consent to
 * an exact disclosure, enable and disable per agent, roll back, remove, and collect unreferenced
 * store entries. Every grant carries the digest the operator was shown and is refused if it changed.
 *
 * <p>Thread-safe.
 */
public final class TrustService {
    private final AnimusHome home;
    private final PluginInstaller installer;

    public TrustService(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
        this.installer = new PluginInstaller(home);
    }

    /**
     * Trusts {@code name}'s current code, which must still have the digest the operator was shown.
     * A binary's manifest is then read by its {@code --manifest} probe, from the verified store
     * entry; a failed probe keeps the trust and says how to retry.
     */
    public TrustReport trust(String name, String shownDigest) {
        home.lockfile().read(); // an unreadable lockfile refuses before anything changes (trust may re-pin)
        StateView after = home.state().transact(s -> Installation.trust(s, name, shownDigest));
        InstallRecord record = current(after.state(), name);
        List<String> notes = new ArrayList<>();
        if (record.manifest().isEmpty()) {
            TrustedProbe.read(home, name, record, notes).ifPresent(check -> {
                RecordedManifest read = RecordedManifest.of(check.manifest());
                home.state().transact(s -> Installation.recordManifest(s, name, record.digest(), read));
                installer.pin(name, record.withManifest(read));
            });
        }
        InstallRecord now = current(home.state().read().state(), name);
        var manifest = now.manifest().flatMap(m -> validated(name, now, m));
        manifest.filter(m -> !m.name().equals(name)).ifPresent(m -> notes.add("its manifest calls it '" + m.name()
                + "'; it stays installed as '" + name + "'"));
        return new TrustReport(name, record.digest(), manifest, notes);
    }

    /**
     * Trusts the binary at {@code path} where it lies (not installed): discovery may then run its
     * {@code --manifest} probe. Returns the name it is trusted under (from its file name).
     */
    public String trustPath(Path path) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException e) {
            throw InstallFailed.usage(path + ": " + e.getMessage());
        }
        String fileName = real.getFileName().toString();
        String name = PluginCandidate.nameOfScanned(fileName).orElse(fileName);
        String digest = DigestStore.fileDigest(real);
        home.state().transact(s -> Installation.trustDigest(s, name, digest));
        return name;
    }

    /** Consents to {@code name}'s disclosure, which must still have the digest the operator was shown. */
    public void consent(String name, String shownConsentDigest) {
        home.state().transact(s -> Installation.consent(s, name, shownConsentDigest, home.now()));
    }

    public void enable(String name, AgentScope scope) {
        home.state().transact(s -> Installation.enable(s, name, scope));
    }

    public void disable(String name, AgentScope scope) {
        home.state().transact(s -> Installation.disable(s, name, scope));
    }

    /** Swaps current and previous code; enablement is cleared. Returns the code now current. */
    public InstallRecord rollback(String name) {
        home.lockfile().read(); // fail closed before anything changes
        StateView after = home.state().transact(s -> Installation.rollback(s, name));
        InstallRecord now = current(after.state(), name);
        installer.pin(name, now);
        return now;
    }

    /** Forgets {@code name} (trust, consent, enablement, both installs), unpins it, and removes store entries nothing references. */
    public List<String> remove(String name) {
        home.lockfile().read(); // fail closed before anything changes
        home.state().transact(s -> Installation.remove(s, name));
        home.lockfile().save(List.of(), Set.of(name), false);
        return collectGarbage();
    }

    /** Removes store entries no install record references; returns their digests. */
    public List<String> collectGarbage() {
        // under the state lock, so an install between reading the references and deleting cannot lose its code
        List<String> removed = new ArrayList<>();
        home.state().transact(s -> {
            removed.addAll(home.store().collectGarbage(referenced(s)));
            return s;
        });
        return removed;
    }

    static Set<String> referenced(InstallState s) {
        Set<String> digests = new HashSet<>();
        for (PluginState p : s.plugins().values()) {
            p.current().ifPresent(r -> digests.add(r.digest()));
            p.previous().ifPresent(r -> digests.add(r.digest()));
        }
        return digests;
    }

    private static Optional<Manifest> validated(String name, InstallRecord r, RecordedManifest m) {
        try {
            return Optional.of(m.validate("state: plugins." + name + ".current.manifest",
                    r.shape() == ArtifactShape.TREE));
        } catch (ManifestInvalid e) {
            return Optional.empty();
        }
    }

    private static InstallRecord current(InstallState s, String name) {
        return s.plugin(name).flatMap(PluginState::current).orElseThrow(() -> new IllegalStateException(
                "plugin " + name + " has no current install after a transaction that requires one"));
    }
}
