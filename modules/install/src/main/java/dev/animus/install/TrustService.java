package dev.animus.install;

import dev.animus.core.AgentScope;
import dev.animus.core.ArtifactShape;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.core.Interpreter;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginCandidate;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.core.SourceKind;
import dev.animus.discovery.ProbeCopy;
import dev.animus.process.Interpreters;
import dev.animus.store.LockEntry;
import dev.animus.store.StateView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The operator's acts on installed plugins (docs/lifecycle.md#installation-lifecycle), each one
 * transaction of the state document: trust an exact code digest (and read a binary's manifest, its
 * first run), consent to an exact disclosure, enable and disable per agent, roll back, remove, and
 * collect unreferenced store entries. Every grant carries the digest the operator was shown and is
 * refused if it changed.
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
     * A binary's manifest is read first by its {@code --manifest} probe, from the verified store
     * entry (the operator has just agreed that it may run); trust and manifest are then committed
     * in one transaction. A failed probe keeps the trust and says how to retry.
     */
    public TrustReport trust(String name, String shownDigest) {
        return trust(name, shownDigest, false);
    }

    /**
     * {@link #trust(String, String)}; for code installed from a GitHub release, a manifest that names
     * another plugin than the repository is refused (nothing recorded) unless {@code allowNameMismatch}.
     */
    public TrustReport trust(String name, String shownDigest, boolean allowNameMismatch) {
        home.lockfile().read(); // an unreadable lockfile refuses before anything changes (trust may re-pin)
        InstallState before = home.state().read().state();
        Installation.trust(before, name, shownDigest); // refuses early: not installed, or not what was shown
        InstallRecord record = current(before, name);
        Optional<Interpreter> interpreter = interpreterOf(home, name, record);
        List<Guidance> notes = new ArrayList<>();
        Optional<RecordedManifest> read = record.manifest().isPresent()
                ? Optional.empty()
                : TrustedProbe.read(home, name, record, interpreter, notes)
                        .map(check -> RecordedManifest.of(check.manifest()));
        read.ifPresent(m -> guardRepositoryName(record, m, allowNameMismatch));
        home.state().transact(s -> {
            InstallState trusted = Installation.trust(s, name, shownDigest, interpreter);
            return read.isPresent() ? Installation.recordManifest(trusted, name, record.digest(), read.get()) : trusted;
        });
        read.ifPresent(m -> installer.pin(name, record.withManifest(m)));
        InstallRecord now = current(home.state().read().state(), name);
        var manifest = now.manifest().flatMap(m -> validated(name, now, m));
        manifest.filter(m -> !m.name().equals(name))
                .ifPresent(m -> notes.add(Guidance.text(
                        "its manifest calls it '" + m.name() + "'; it stays installed as '" + name + "'")));
        return new TrustReport(name, record.digest(), manifest, notes);
    }

    /**
     * The interpreter {@code record}'s stored entry runs on, resolved now (none for a native
     * executable).
     *
     * @throws InstallFailed when its {@code #!} line cannot be resolved safely: nothing is trusted
     */
    static Optional<Interpreter> interpreterOf(AnimusHome home, String name, InstallRecord record) {
        Path entry = home.store().executable(record.digest(), record.entry());
        try {
            return Interpreters.resolve(entry, home.callerEnvironment());
        } catch (Interpreters.Unresolved e) {
            throw InstallFailed.usage(
                    Guidance.text("plugin " + name + ": ").then(e.guidance()).then("; nothing was trusted"));
        }
    }

    private static void guardRepositoryName(InstallRecord record, RecordedManifest m, boolean allow) {
        if (allow || record.source().kind() != SourceKind.GITHUB) {
            return;
        }
        String origin = record.source().origin();
        String expected = PluginNames.fromRepository(origin.substring(origin.indexOf('/') + 1));
        String declared = String.valueOf(m.document().get("name"));
        if (!declared.equals(expected)) {
            throw InstallFailed.usage(Guidance.of(
                    "its manifest calls it '" + declared + "', but it was released as " + origin
                            + "; a release must name itself after its repository (pass ",
                    new Fix.Choose(Fix.Choice.FORCE),
                    " if you are sure); nothing was trusted"));
        }
    }

    /**
     * Trusts the binary at {@code path} where it lies (not installed), if its bytes still have the
     * digest the operator was shown: discovery may then run its {@code --manifest} probe (from a
     * private copy). The digest and the {@code #!} line are read from one private copy, so the
     * interpreter recorded is that of the trusted bytes. Returns the name it is trusted under (from
     * its file name).
     *
     * @throws InstallFailed when the file changed since {@code shownDigest} was shown, or its
     *     interpreter cannot be resolved; nothing is trusted then
     */
    public String trustPath(Path path, String shownDigest) {
        return trustPath(path, Optional.empty(), shownDigest);
    }

    /**
     * As {@link #trustPath(Path, String)}, for the file {@code path} resolved to when its digest
     * was shown: refused when {@code path} now resolves to another file.
     *
     * @throws InstallFailed when {@code path} resolves elsewhere now, the file changed since
     *     {@code shownDigest} was shown, or its interpreter cannot be resolved; nothing is trusted then
     */
    public String trustPath(Path path, Path shownReal, String shownDigest) {
        return trustPath(path, Optional.of(shownReal), shownDigest);
    }

    private String trustPath(Path path, Optional<Path> shownReal, String shownDigest) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException e) {
            throw InstallFailed.usage(path + ": " + e.getMessage());
        }
        if (shownReal.isPresent() && !shownReal.get().equals(real)) {
            throw InstallFailed.verification(path + " resolves to " + real + " now, not to " + shownReal.get()
                    + " as when its digest was shown; nothing was trusted");
        }
        String fileName = real.getFileName().toString();
        String name = PluginCandidate.nameOfScanned(fileName).orElse(fileName);
        // digest and #! line from one private copy: both are of the same bytes
        try (ProbeCopy copy = ProbeCopy.of(home.paths().privateTmp(), real)) {
            if (!copy.sha256().equals(shownDigest)) {
                throw InstallFailed.verification(path + " changed since its digest was shown (sha256 " + shownDigest
                        + ", now " + copy.sha256() + "); nothing was trusted");
            }
            Optional<Interpreter> interpreter = Interpreters.resolve(copy.head(), home.callerEnvironment());
            home.state().transact(s -> {
                guardInstalled(s, name, path, copy.sha256());
                return Installation.trustDigest(s, name, copy.sha256(), interpreter);
            });
        } catch (Interpreters.Unresolved | ProbeCopy.TooLarge e) {
            throw InstallFailed.usage(path + ": " + e.getMessage() + "; nothing was trusted");
        } catch (UncheckedIOException e) {
            throw InstallFailed.usage(e.getMessage());
        }
        return name;
    }

    /**
     * A path's trust never touches an installed plugin of the name it is trusted under: the installed
     * plugin comes first in discovery, and a grant of its own digest without the manifest its trust
     * reads would leave it trusted with no manifest (not listed, not launchable).
     *
     * @throws InstallFailed when {@code name} is installed: with these bytes (trust it by name), or with others
     */
    private static void guardInstalled(InstallState s, String name, Path path, String digest) {
        s.plugin(name).flatMap(PluginState::current).ifPresent(installed -> {
            if (installed.digest().equals(digest)) {
                throw InstallFailed.usage(Guidance.of(
                        path + " has the bytes of the installed plugin " + name + " (sha256 " + digest
                                + "); trust it by name with '",
                        new Fix.Trust(name),
                        "', which reads its manifest too; nothing was trusted"));
            }
            throw InstallFailed.usage(Guidance.of(
                    "plugin " + name + " is installed with other code (sha256 " + installed.digest()
                            + ") and is found before " + path + "; to run these bytes as " + name
                            + " install them with '",
                    new Fix.Update(name, new Fix.Source.At(path.toString())),
                    "'; nothing was trusted"));
        });
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

    /**
     * Forgets {@code name} (trust, consent, enablement, both installs), unpins it, and removes store
     * entries nothing references, in that order: what grants authority goes first. A remove killed
     * between two steps leaves a state that a command repairs: after the state commit, a pin of a
     * plugin that is not installed ({@code lock verify} reports it missing; {@link #pruneLock} or
     * this remove run again drops it); after the unpin, unreferenced store entries (the next
     * remove or {@link #collectGarbage} deletes them).
     *
     * @throws dev.animus.core.InstallationRefused when {@code name} is neither installed nor pinned
     */
    public List<String> remove(String name) {
        // fail closed before anything changes; a pin without an install is what a killed remove leaves
        boolean pinned = home.lockfile().read().entry(name).isPresent();
        home.state().transact(s -> s.plugin(name).isEmpty() && pinned ? s : Installation.remove(s, name));
        CrashPoint.reached(CrashPoint.REMOVE_STATE_COMMITTED);
        home.lockfile().save(List.of(), Set.of(name), false);
        return collectGarbage();
    }

    /**
     * Drops from the lockfile every pin of a plugin that is not installed (what a remove killed
     * after its state commit leaves, or a project's pin of a plugin this home never installed),
     * under the state lock (no install commits between the check and the write) and the lockfile's.
     *
     * @param dryRun only say which pins would go; nothing is written
     * @return the pins dropped (or that would be), in name order
     */
    public List<LockEntry> pruneLock(boolean dryRun) {
        List<LockEntry> pruned = new ArrayList<>();
        home.state().transact(s -> {
            Predicate<LockEntry> orphan =
                    e -> s.plugin(e.name()).flatMap(PluginState::current).isEmpty();
            pruned.addAll(
                    dryRun
                            ? home.lockfile().read().entries().values().stream()
                                    .filter(orphan)
                                    .toList()
                            : home.lockfile().removeIf(orphan));
            return s;
        });
        return List.copyOf(pruned);
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
            return Optional.of(
                    m.validate("state: plugins." + name + ".current.manifest", r.shape() == ArtifactShape.TREE));
        } catch (ManifestInvalid e) {
            return Optional.empty();
        }
    }

    private static InstallRecord current(InstallState s, String name) {
        return s.plugin(name)
                .flatMap(PluginState::current)
                .orElseThrow(() -> new IllegalStateException(
                        "plugin " + name + " has no current install after a transaction that requires one"));
    }
}
