package dev.animus.install;

import dev.animus.core.AgentScope;
import dev.animus.core.ArtifactShape;
import dev.animus.core.Disclosure;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallStage;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.core.Interpreter;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginState;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStoreFailed;
import dev.animus.discovery.InstalledPlugin;
import dev.animus.discovery.TrustView;
import dev.animus.process.Interpreters;
import dev.animus.store.LockEntry;
import dev.animus.store.Lockfile;
import dev.animus.store.StateView;
import dev.animus.store.Verification;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Read-only views of the installation lifecycle: {@code plugin inspect}, {@code plugin doctor},
 * {@code plugin lock verify}, and the {@link TrustView} discovery lists installed plugins from.
 * Nothing here writes; stored code is re-hashed on every look.
 */
public final class PluginInspector {
    private final AnimusHome home;

    public PluginInspector(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /**
     * @throws InstallFailed when nothing is installed under {@code name}
     */
    public Inspection inspect(String name, String agent) {
        StateView view = home.state().read();
        PluginState p = view.state()
                .plugin(name)
                .filter(s -> s.current().isPresent())
                .orElseThrow(() -> InstallFailed.usage(Guidance.of(
                        "plugin " + name + " is not installed ('",
                        new Fix.ListInstalled(),
                        "' shows what is; '",
                        new Fix.Install(new Fix.Source.AnyFile(), Optional.empty()),
                        "' installs one)")));
        InstallRecord current = p.current().orElseThrow();
        Optional<Manifest> manifest = manifestOf(name, current);
        Optional<Disclosure> disclosure = manifest.map(m -> Disclosure.of(current.digest(), m));
        Optional<String> consentDigest = disclosure.map(Disclosure::digest);
        boolean consented = consentDigest.isPresent()
                && p.consentGrants().stream().anyMatch(g -> g.digest().equals(consentDigest.get()));
        Verification artifact = home.store().verify(current.digest(), current.shape(), current.entry());
        Optional<LockEntry> pin = home.lockfile().read().entry(name);
        return new Inspection(
                name,
                agent,
                p,
                Installation.stage(view.state(), name, agent),
                manifest,
                disclosure,
                consentDigest,
                consented,
                artifact,
                pin,
                view.problems().stream().filter(r -> r.plugin().equals(name)).toList());
    }

    /** Everything that would stop {@code only} (or every installed plugin) from launching for {@code agent}. */
    public List<DoctorFinding> doctor(Optional<String> only, String agent) {
        StateView view = home.state().read();
        List<String> names = only.map(List::of)
                .orElseGet(() -> List.copyOf(view.state().plugins().keySet()));
        List<DoctorFinding> findings = new ArrayList<>();
        for (String name : names) {
            findings.addAll(findings(view, name, agent));
        }
        return findings;
    }

    private List<DoctorFinding> findings(StateView view, String name, String agent) {
        List<DoctorFinding> out = new ArrayList<>();
        Optional<InstallRecord> current = view.state().plugin(name).flatMap(PluginState::current);
        if (current.isEmpty()) {
            out.add(new DoctorFinding(
                    name, "not installed", Guidance.of(new Fix.Install(new Fix.Source.AnyFile(), Optional.of(name)))));
            return out;
        }
        InstallRecord r = current.get();
        view.problems().stream()
                .filter(pr -> pr.plugin().equals(name))
                .forEach(pr -> out.add(new DoctorFinding(
                        name,
                        "its recorded " + pr.slot() + " manifest no longer validates: " + pr.reason(),
                        Guidance.of(new Fix.Update(name, new Fix.Source.FixedPlugin())))));
        Verification stored = home.store().verify(r.digest(), r.shape(), r.entry());
        switch (stored) {
            case Verification.Intact i ->
                interpreter(name, view.state().plugin(name).orElseThrow(), r, i, out);
            case Verification.Changed c ->
                out.add(new DoctorFinding(
                        name,
                        "its stored code changed (expected sha256 " + r.digest() + ", found " + c.actualDigest() + ")",
                        restore(name, r)));
            case Verification.Missing m ->
                out.add(new DoctorFinding(
                        name,
                        "its stored code is gone (" + home.store().executable(r.digest(), r.entry()) + ")",
                        restore(name, r)));
            case Verification.Refused f ->
                out.add(new DoctorFinding(name, "its stored code was tampered with: " + f.reason(), restore(name, r)));
        }
        InstallStage stage = Installation.stage(view.state(), name, agent);
        switch (stage) {
            case NOT_INSTALLED, ENABLED -> {}
            case UNTRUSTED ->
                out.add(new DoctorFinding(
                        name, "not trusted (sha256 " + r.digest() + ")", Guidance.of(new Fix.Trust(name))));
            case TRUSTED ->
                out.add(
                        r.manifest().isEmpty()
                                ? new DoctorFinding(
                                        name,
                                        "its manifest has not been read (no --manifest probe of this code has"
                                                + " succeeded)",
                                        Guidance.of(new Fix.Trust(name), " (runs the probe)"))
                                : new DoctorFinding(
                                        name,
                                        "not consented: its disclosure has no grant",
                                        Guidance.of(new Fix.Consent(name))));
            case CONSENTED ->
                out.add(new DoctorFinding(
                        name,
                        "not enabled for agent " + agent,
                        Guidance.of(new Fix.Enable(name, new AgentScope.One(agent)))));
        }
        manifestOf(name, r).ifPresent(m -> missingRequirements(name, m, out));
        home.lockfile()
                .read()
                .entry(name)
                .filter(e -> !e.artifactSha256().equals(r.digest()))
                .ifPresent(e -> out.add(new DoctorFinding(
                        name,
                        home.lockfile().file() + " pins sha256 " + e.artifactSha256() + " but sha256 " + r.digest()
                                + " is installed",
                        repin(name, r))));
        return out;
    }

    /**
     * A trusted script whose recorded interpreter cannot run (gone, no longer executable, or never
     * recorded): trusting it again resolves and records it anew.
     */
    private static void interpreter(
            String name, PluginState p, InstallRecord r, Verification.Intact stored, List<DoctorFinding> out) {
        if (!p.trustedDigests().contains(r.digest())) {
            return;
        }
        try {
            Optional<Interpreter> recorded = p.interpreter(r.digest());
            if (recorded.isPresent()) {
                Interpreters.check(recorded.get());
            } else if (Interpreters.isScript(stored.executable())) {
                throw new Interpreters.Unresolved("it is a script trusted before its interpreter was recorded");
            }
        } catch (Interpreters.Unresolved e) {
            out.add(new DoctorFinding(
                    name,
                    "it cannot run: " + e.getMessage(),
                    Guidance.of(new Fix.Trust(name), " (resolves and records its interpreter again)")));
        } catch (UncheckedIOException e) {
            // unreadable stored code: the next verification says so
        }
    }

    /**
     * What restores {@code r}'s stored copy: its original file when that still has the trusted
     * bytes (the grants of those bytes then hold again), else what is needed instead.
     */
    static Guidance restore(String name, InstallRecord r) {
        return switch (Original.of(r)) {
            case Original.Matches m ->
                Guidance.of(
                        new Fix.Update(name, new Fix.Source.At(m.path().toString())),
                        " (its original has the trusted bytes: trust, consent and enablement stay)");
            case Original.Differs d ->
                Guidance.of(
                        "its original " + d.path() + " has other bytes now (sha256 " + d.digest() + "); restore it"
                                + " from a file with the trusted bytes ('",
                        new Fix.Update(name, new Fix.Source.AnyFile()),
                        "'), or install the new bytes with '",
                        new Fix.Update(name, new Fix.Source.At(d.path().toString())),
                        "' and trust, consent and enable them again");
            case Original.Unreadable u ->
                Guidance.of(
                        "its original " + u.origin() + " cannot be used (" + u.why()
                                + "); restore it from a file with the trusted bytes: '",
                        new Fix.Update(name, new Fix.Source.AnyFile()),
                        "'");
            case Original.NotLocal n ->
                Guidance.text("install it again from " + n.origin() + " (the same bytes restore it, and its trust,"
                        + " consent and enablement stay)");
        };
    }

    /** What settles a lockfile pin that is not the installed code: re-pin what is installed, or install what is pinned. */
    private static Guidance repin(String name, InstallRecord r) {
        Fix.Source installed = Original.of(r) instanceof Original.Matches m
                ? new Fix.Source.At(m.path().toString())
                : new Fix.Source.AnyFile();
        return Guidance.of(
                "keep what is installed: '",
                new Fix.Update(name, installed),
                " ",
                new Fix.Choose(Fix.Choice.FORCE),
                "' re-pins it; or install the pinned code: '",
                new Fix.Update(name, new Fix.Source.AnyFile()),
                "'");
    }

    private void missingRequirements(String name, Manifest m, List<DoctorFinding> out) {
        List<PluginSecrets.Resolved> secrets = List.of();
        if (m.secrets().stream().anyMatch(SecretDeclaration::required)) {
            try {
                secrets = PluginSecrets.resolve(
                        name, m, home.callerEnvironment(), home.secrets().get());
            } catch (SecretStoreFailed e) {
                out.add(new DoctorFinding(
                        name,
                        "its secrets cannot be looked up: " + e.getMessage(),
                        Guidance.of(new Fix.SecretStatus(name))));
            }
        }
        LaunchRequirements.of(name, m, home.callerEnvironment(), secrets)
                .forEach(missing -> out.add(new DoctorFinding(name, missing.problem(), missing.fix())));
    }

    /** The manifest recorded for {@code name}'s current code, if it is installed and its manifest was read. */
    public Optional<Manifest> manifest(String name) {
        return home.state()
                .read()
                .state()
                .plugin(name)
                .flatMap(PluginState::current)
                .flatMap(r -> manifestOf(name, r));
    }

    /** Every lockfile entry against what is installed, re-hashed now; installed plugins the lockfile lacks are not listed. */
    public List<LockCheck> verifyLock() {
        Lockfile lock = home.lockfile().read();
        InstallState state = home.state().read().state();
        List<LockCheck> checks = new ArrayList<>();
        for (LockEntry e : lock.entries().values()) {
            checks.add(check(e, state.plugin(e.name()).flatMap(PluginState::current)));
        }
        return checks;
    }

    private LockCheck check(LockEntry e, Optional<InstallRecord> installed) {
        String locked = e.artifactSha256();
        if (installed.isEmpty()) {
            return new LockCheck(e.name(), locked, LockCheck.Status.MISSING, Optional.empty(), LockCheck.NOT_INSTALLED);
        }
        InstallRecord r = installed.get();
        if (!r.digest().equals(locked)) {
            return new LockCheck(
                    e.name(),
                    locked,
                    LockCheck.Status.MISMATCH,
                    Optional.of(r.digest()),
                    "sha256 " + r.digest() + " is installed");
        }
        return switch (home.store().verify(r.digest(), r.shape(), r.entry())) {
            case Verification.Intact i ->
                new LockCheck(e.name(), locked, LockCheck.Status.MATCH, Optional.of(locked), "ok");
            case Verification.Changed c ->
                new LockCheck(
                        e.name(),
                        locked,
                        LockCheck.Status.MISMATCH,
                        Optional.of(c.actualDigest()),
                        "the stored code now has sha256 " + c.actualDigest());
            case Verification.Missing m ->
                new LockCheck(e.name(), locked, LockCheck.Status.MISSING, Optional.empty(), "its store entry is gone");
            case Verification.Refused f ->
                new LockCheck(e.name(), locked, LockCheck.Status.MISMATCH, Optional.empty(), f.reason());
        };
    }

    /** A snapshot of the state document for one discovery run. */
    public TrustView view() {
        InstallState state = home.state().read().state();
        List<InstalledPlugin> installed = new ArrayList<>();
        for (var e : state.plugins().entrySet()) {
            e.getValue()
                    .current()
                    .ifPresent(r -> installed.add(new InstalledPlugin(
                            e.getKey(),
                            home.store().executable(r.digest(), r.entry()),
                            home.store().root().resolve(r.digest()),
                            r.shape(),
                            r.digest(),
                            manifestOf(e.getKey(), r),
                            e.getValue().trustedDigests().contains(r.digest()))));
        }
        Set<String> trusted = new HashSet<>();
        Map<String, Interpreter> interpreters = new HashMap<>();
        state.plugins().values().forEach(p -> {
            trusted.addAll(p.trustedDigests());
            interpreters.putAll(p.interpreters());
        });
        return new TrustView(
                installed, trusted::contains, digest -> Optional.ofNullable(interpreters.get(digest)), false);
    }

    private static Optional<Manifest> manifestOf(String name, InstallRecord r) {
        try {
            return r.manifest()
                    .map(m -> m.validate(
                            "state: plugins." + name + ".current.manifest", r.shape() == ArtifactShape.TREE));
        } catch (ManifestInvalid e) {
            return Optional.empty();
        }
    }
}
