package dev.animus.install;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.core.Interpreter;
import dev.animus.core.NameRule;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.core.ReservedNames;
import dev.animus.core.SignatureCheck;
import dev.animus.store.DigestStore;
import dev.animus.store.LockEntry;
import dev.animus.store.LockfileUnreadable;
import dev.animus.store.Stored;
import dev.animus.store.Verification;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Puts code into the digest-addressed store and records it
 * (docs/security.md#the-digest-addressed-store, docs/security.md#the-state-document,
 * docs/security.md#the-lockfile): reads the source without running it, checks the lockfile's pin,
 * publishes (stage, verify, one rename), commits the install record in one state transaction, and
 * pins the digest in the lockfile. Installed code is untrusted until {@link TrustService#trust}
 * says otherwise.
 *
 * <p>Thread-safe; concurrent installs of one name are serialised by the state document's lock,
 * and the loser fails without changing anything.
 */
public final class PluginInstaller {
    private final AnimusHome home;

    public PluginInstaller(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /**
     * Installs {@code path} as a new plugin.
     *
     * @param name the name to install under; empty: the {@code Plugin.toml} name, else the file name
     *     without its {@code animus-plugin-}/{@code animus-provider-} prefix
     * @param force replace a different digest pinned by the lockfile (the report names both)
     * @throws InstallFailed for a bad source or name, or a lockfile pin these bytes do not match
     * @throws dev.animus.core.InstallationRefused when the name is installed already with other code
     */
    public InstallReport install(Path path, Optional<String> name, boolean force) {
        return install(path, name, new PinPolicy(force, false));
    }

    /** What {@code path} would be installed as: its name and digest, computed without running or storing anything. */
    public Identity identify(Path path, Optional<String> name) {
        SourceArtifact source = SourceArtifact.read(path);
        return new Identity(
                checkedName(name.orElseGet(source::defaultName), name.isPresent()), digest(source), source.shape());
    }

    /** A plugin's name and code digest, as the operator is shown them before confirming. */
    public record Identity(String name, String digest, ArtifactShape shape) {}

    /**
     * How the lockfile is treated.
     *
     * @param force replace a pin that differs from these bytes (the report names both digests)
     * @param rewriteLockfile replace an unreadable lockfile (corrupt, or another major schema) instead
     *     of refusing: its entries are lost, and the caller says so
     */
    public record PinPolicy(boolean force, boolean rewriteLockfile) {}

    /** Installs {@code path} as a new plugin, under the given {@link PinPolicy}. */
    public InstallReport install(Path path, Optional<String> name, PinPolicy policy) {
        return install(InstallRequest.local(path, name, policy));
    }

    /**
     * Installs {@code r.path()} as a new plugin: nothing persisted changes unless everything holds
     * (a store entry this call published is removed again when a later check refuses).
     *
     * @throws InstallFailed for a bad source or name, a built-in provider name without leave, a
     *     lockfile pin these bytes do not match, a manifest that names another plugin, or code that
     *     changed since its digest was shown
     */
    public InstallReport install(InstallRequest r) {
        SourceArtifact source = SourceArtifact.read(r.path());
        String plugin =
                checkedName(r.name().orElseGet(source::defaultName), r.name().isPresent());
        guardBuiltIn(plugin, r.guards());
        Prepared p = prepare(source, plugin, r.pins(), Optional.empty());
        r.trusted().filter(shown -> !shown.equals(p.digest)).ifPresent(shown -> {
            throw InstallFailed.verification(r.path() + " changed since its digest was shown (sha256 " + shown
                    + ", now " + p.digest + "); nothing was installed");
        });
        InstallState before = home.state().read().state();
        Optional<InstallRecord> existing = before.plugin(plugin).flatMap(PluginState::current);
        // trusted already (its path was trusted where it lay): its manifest is read now, as trust reads it
        boolean trusted = r.trusted().isPresent() || trustedBefore(before, plugin, p.digest);
        if (existing.isPresent()) {
            if (!existing.get().digest().equals(p.digest)) {
                throw InstallFailed.usage(Guidance.of(
                        "plugin " + plugin + " is already installed with other code" + " (sha256 "
                                + existing.get().digest() + "); replace it with '",
                        new Fix.Update(plugin, new Fix.Source.At(r.path().toString())),
                        "', or install this one under another ",
                        new Fix.Choose(Fix.Choice.NAME)));
            }
            boolean restored = restore(source, existing.get());
            pin(plugin, existing.get(), r.pins().rewriteLockfile());
            return report(plugin, p, existing.get(), true, Optional.empty(), restored);
        }
        Published published = publish(source, p, r.source(), r.signature());
        try {
            InstallRecord record = published.record;
            Optional<Interpreter> interpreter = Optional.empty();
            if (trusted) {
                interpreter = TrustService.interpreterOf(home, plugin, record);
                record = withFirstManifest(plugin, record, interpreter, p.notes);
            }
            Optional<Interpreter> trustedInterpreter = interpreter;
            guardName(plugin, record, r.guards());
            InstallRecord committed = record;
            home.state().transact(s -> {
                InstallState next = Installation.install(s, plugin, committed);
                return trusted ? Installation.trust(next, plugin, committed.digest(), trustedInterpreter) : next;
            });
            pin(plugin, committed, r.pins().rewriteLockfile());
            return report(plugin, p, committed, false, Optional.empty(), false);
        } catch (RuntimeException e) {
            if (!published.alreadyPresent) {
                home.store().remove(published.record.digest()); // no unreferenced code left behind by a refusal
            }
            throw e;
        }
    }

    /** A binary's manifest, read by its first run from the store entry just published (a tree's is static). */
    private InstallRecord withFirstManifest(
            String plugin, InstallRecord record, Optional<Interpreter> interpreter, List<Guidance> notes) {
        if (record.manifest().isPresent()) {
            return record;
        }
        return TrustedProbe.read(home, plugin, record, interpreter, notes)
                .map(check -> record.withManifest(RecordedManifest.of(check.manifest())))
                .orElse(record);
    }

    private static void guardBuiltIn(String plugin, InstallRequest.Guards guards) {
        ReservedNames.shadowed(plugin).filter(b -> !guards.allowShadowBuiltin()).ifPresent(b -> {
            throw InstallFailed.usage(Guidance.of(
                    "'" + plugin + "' is the name of the built-in provider " + b + "; a plugin may take it only with ",
                    new Fix.Choose(Fix.Choice.ALLOW_SHADOW_BUILTIN),
                    " (or install it under another ",
                    new Fix.Choose(Fix.Choice.NAME),
                    ")"));
        });
    }

    private static void guardName(String plugin, InstallRecord record, InstallRequest.Guards guards) {
        if (guards.expectedName().isEmpty() || guards.allowNameMismatch()) {
            return;
        }
        String expected = guards.expectedName().get();
        record.manifest()
                .map(m -> String.valueOf(m.document().get("name")))
                .filter(n -> !n.equals(expected))
                .ifPresent(n -> {
                    throw InstallFailed.usage(Guidance.of(
                            "its manifest calls it '" + n + "', but the repository is '" + expected
                                    + "'; a release must name itself after its repository (pass ",
                            new Fix.Choose(Fix.Choice.FORCE),
                            " if you are sure)"));
                });
    }

    /**
     * Replaces {@code name}'s code with {@code path}: the old code moves to the rollback slot and the
     * plugin is enabled for no agent until the operator enables it again (the new code is untrusted
     * unless its digest was trusted before).
     */
    public InstallReport update(String name, Path path, boolean force) {
        return update(name, path, new PinPolicy(force, false));
    }

    /** {@link #update(String, Path, boolean)} under the given {@link PinPolicy}. */
    public InstallReport update(String name, Path path, PinPolicy policy) {
        SourceArtifact source = SourceArtifact.read(path);
        InstallState before = home.state().read().state();
        Optional<InstallRecord> old = before.plugin(name).flatMap(PluginState::current);
        if (old.isEmpty()) {
            throw InstallFailed.usage(Guidance.of(
                    "plugin " + name + " is not installed; install it with '",
                    new Fix.Install(new Fix.Source.At(path.toString()), Optional.of(name)),
                    "'"));
        }
        Prepared p = prepare(source, checkedName(name, true), policy, old.map(InstallRecord::digest));
        if (old.get().digest().equals(p.digest)) {
            boolean restored = restore(source, old.get());
            pin(name, old.get(), policy.rewriteLockfile());
            return report(name, p, old.get(), true, Optional.empty(), restored);
        }
        InstallSource from =
                InstallRequest.local(path, Optional.of(name), policy).source();
        InstallRecord published = publish(source, p, from, SignatureCheck.unsigned()).record;
        // code whose digest was trusted before (a rollback's, or a path's) has its manifest read now, as trust reads it
        boolean trusted = trustedBefore(before, name, p.digest);
        Optional<Interpreter> interpreter =
                trusted ? TrustService.interpreterOf(home, name, published) : Optional.empty();
        InstallRecord record = trusted ? withFirstManifest(name, published, interpreter, p.notes) : published;
        home.state().transact(s -> {
            InstallState next = Installation.update(s, name, record);
            return trusted ? Installation.trust(next, name, record.digest(), interpreter) : next;
        });
        pin(name, record, policy.rewriteLockfile());
        return report(name, p, record, false, old.map(InstallRecord::digest), false);
    }

    /**
     * Puts {@code record}'s code back into the store from {@code source}, which has its digest,
     * when the stored copy changed or is gone: the same bytes under the same entry, so the trust,
     * consent and enablement granted to that digest hold again and nothing in the state document
     * changes. Returns whether anything was restored (an intact copy is left as it is).
     */
    boolean restore(SourceArtifact source, InstallRecord record) {
        if (home.store().verify(record.digest(), record.shape(), record.entry()) instanceof Verification.Intact) {
            return false;
        }
        Stored stored = switch (record.shape()) {
            case FILE -> home.store().publishFile(source.root(), Optional.of(record.digest()), record.entry());
            case TREE -> home.store().publishTree(source.root(), record.entry(), Optional.of(record.digest()));
        };
        if (!(home.store().verify(stored.digest(), record.shape(), record.entry()) instanceof Verification.Intact)) {
            throw InstallFailed.verification("the stored copy of sha256 " + record.digest()
                    + " still does not verify after it was restored from " + source.root());
        }
        return true;
    }

    private static boolean trustedBefore(InstallState s, String plugin, String digest) {
        return s.plugin(plugin).map(ps -> ps.trustedDigests().contains(digest)).orElse(false);
    }

    /** The digest, the lockfile's verdict and the notes, before anything is written. */
    private record Prepared(String digest, Optional<String> replacedPin, List<Guidance> notes) {}

    /**
     * @param movable the pin an update may move: the digest installed now. An update is the operator's
     *     explicit act of changing the code (like {@code cargo update}); a pin that differs from what is
     *     installed came from elsewhere (a pulled project lockfile) and holds unless {@code --force}.
     */
    private Prepared prepare(SourceArtifact source, String plugin, PinPolicy policy, Optional<String> movable) {
        String digest = digest(source);
        Optional<String> pinned = pinOf(plugin, policy);
        Optional<String> replaced = Optional.empty();
        if (pinned.isPresent() && !pinned.get().equals(digest) && !pinned.equals(movable)) {
            if (!policy.force()) {
                throw InstallFailed.verification(Guidance.of(
                        home.lockfile().file() + " pins " + plugin
                                + " to sha256 " + pinned.get() + " but " + source.root() + " has sha256 " + digest
                                + "; check where these bytes came from, then pass ",
                        new Fix.Choose(Fix.Choice.FORCE),
                        " to replace the pin"));
            }
            replaced = pinned;
        }
        List<Guidance> notes = new ArrayList<>();
        source.staticManifest()
                .map(c -> c.manifest().name())
                .filter(n -> !n.equals(plugin))
                .ifPresent(n -> notes.add(
                        Guidance.text("its Plugin.toml calls it '" + n + "'; it is installed as '" + plugin + "'")));
        source.staticManifest().ifPresent(c -> c.warnings().forEach(w -> notes.add(Guidance.text(w))));
        return new Prepared(digest, replaced, notes);
    }

    /** The lockfile's pin; an unreadable lockfile refuses here, before anything changes, unless it is to be rewritten. */
    private Optional<String> pinOf(String plugin, PinPolicy policy) {
        try {
            return home.lockfile().read().entry(plugin).map(LockEntry::artifactSha256);
        } catch (LockfileUnreadable e) {
            if (policy.rewriteLockfile()) {
                return Optional.empty();
            }
            throw e;
        }
    }

    static String digest(SourceArtifact source) {
        return switch (source.shape()) {
            case FILE -> DigestStore.fileDigest(source.root());
            case TREE -> DigestStore.treeDigest(source.root());
        };
    }

    /** What {@link #publish} stored, and whether it was there already (then a refusal must not remove it). */
    private record Published(InstallRecord record, boolean alreadyPresent) {}

    private Published publish(SourceArtifact source, Prepared p, InstallSource from, SignatureCheck signature) {
        Stored stored = switch (source.shape()) {
            case FILE -> home.store().publishFile(source.root(), Optional.of(p.digest));
            case TREE -> home.store().publishTree(source.root(), source.entry(), Optional.of(p.digest));
        };
        Optional<RecordedManifest> manifest = source.staticManifest().map(c -> RecordedManifest.of(c.manifest()));
        return new Published(
                new InstallRecord(
                        stored.digest(), stored.shape(), stored.entry(), from, manifest, signature, home.now()),
                stored.alreadyPresent());
    }

    /** Pins {@code record} as {@code name}'s code in the lockfile in force. */
    void pin(String name, InstallRecord record) {
        pin(name, record, false);
    }

    private void pin(String name, InstallRecord record, boolean rewriteLockfile) {
        String version = record.manifest()
                .map(m -> m.document().get("version"))
                .map(Object::toString)
                .orElse("-"); // no manifest read yet: a value not known reads "-" everywhere (docs/cli.md#words)
        home.lockfile()
                .save(
                        List.of(new LockEntry(
                                name,
                                version,
                                record.source(),
                                record.digest(),
                                record.signature().bundleSha256(),
                                record.signature().word(),
                                record.installedAt())),
                        Set.of(),
                        rewriteLockfile);
    }

    private InstallReport report(
            String name,
            Prepared p,
            InstallRecord record,
            boolean unchanged,
            Optional<String> previous,
            boolean restored) {
        Path exe = home.store().executable(record.digest(), record.entry());
        return new InstallReport(
                name,
                record.digest(),
                record.shape(),
                exe,
                unchanged,
                p.replacedPin,
                previous,
                home.lockfile().file(),
                p.notes,
                restored);
    }

    private static String checkedName(String name, boolean given) {
        if (!NameRule.isValid(name)) {
            Guidance problem = Guidance.text("'" + name + "' is not a valid plugin name (lowercase letters, digits,"
                    + " '.', '_' and '-', at most 64, starting with a letter or digit)");
            throw InstallFailed.usage(
                    given ? problem : problem.then("; choose one with ", new Fix.Choose(Fix.Choice.NAME)));
        }
        return name;
    }
}
