package dev.animus.install;

import dev.animus.core.AgentScope;
import dev.animus.core.Disclosure;
import dev.animus.core.Guidance;
import dev.animus.core.InstallStage;
import dev.animus.core.Installation;
import dev.animus.core.Interpreter;
import dev.animus.core.PluginState;
import dev.animus.core.SignatureCheck;
import dev.animus.fetch.Progress;
import dev.animus.fetch.ReleaseRef;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one-confirmation act of docs/cli.md#one-confirmation: install (or update), trust, consent
 * and enable, all or nothing. The code is stored and trusted first, so that its {@code --manifest}
 * probe (from the verified store entry, base environment only) says what it discloses; the
 * operator is then shown the digest, the source, the signature and the disclosure on one screen
 * and asked once ({@link Confirmation}). A refusal, or any later step that fails, puts the name's
 * state entry and lockfile pin back as they were and frees the store entries this act added.
 *
 * <p>Thread-safe as the services it composes: each step is one transaction of the state document.
 */
public final class InstallChain {
    private final AnimusHome home;

    public InstallChain(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /** How far the act goes once confirmed. */
    public enum Until {
        /** Install, trust and consent; enable for nobody ({@code --no-enable}). */
        CONSENT,
        /** Install, trust, consent and enable. */
        ENABLE
    }

    /** Where the code comes from. */
    public sealed interface Source {
        /** A local executable or plugin directory. */
        record Local(Path path) implements Source {}

        /** A direct HTTPS download with the SHA-256 it must have. */
        record Url(URI url, String sha256) implements Source {}

        /** A GitHub release's asset for this platform. */
        record Release(ReleaseRef ref) implements Source {}
    }

    /** The operator's choices for one install. */
    public record Request(
            Source source,
            Optional<String> name,
            PluginInstaller.PinPolicy pins,
            InstallRequest.Guards guards,
            SignaturePolicy signatures,
            AgentScope scope,
            Until until) {
        public Request {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pins, "pins");
            Objects.requireNonNull(guards, "guards");
            Objects.requireNonNull(signatures, "signatures");
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(until, "until");
        }
    }

    /**
     * What the operator is shown before the one question.
     *
     * @param install what was stored, from where, and how its bytes and signature were checked
     * @param before for an update: the disclosure the operator consented to before, if any
     * @param disclosure what the code declares now
     * @param consentDigest the digest the consent will be granted for
     * @param interpreter what a script runs on (recorded with its trust)
     * @param enableFor the scopes it will be enabled for once confirmed (empty: none)
     */
    public record Screen(
            RemoteReport install,
            Optional<Disclosure> before,
            Disclosure disclosure,
            String consentDigest,
            Optional<Interpreter> interpreter,
            List<AgentScope> enableFor) {
        public Screen {
            Objects.requireNonNull(install, "install");
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(disclosure, "disclosure");
            Objects.requireNonNull(consentDigest, "consentDigest");
            Objects.requireNonNull(interpreter, "interpreter");
            enableFor = List.copyOf(enableFor);
        }

        /** The plugin's name. */
        public String name() {
            return install.install().name();
        }
    }

    /** Asked once, with everything the act will grant on one {@link Screen}. */
    @FunctionalInterface
    public interface Confirmation {
        /** Returns normally when confirmed; throws (everything is then rolled back) when not. */
        void confirm(Screen screen);
    }

    /**
     * What was done: the screen the operator confirmed; for an update whose code was already
     * installed, nothing was asked nor changed ({@code screen} empty).
     */
    public record Report(RemoteReport install, Optional<Screen> screen, List<Guidance> notes) {
        public Report {
            Objects.requireNonNull(install, "install");
            Objects.requireNonNull(screen, "screen");
            notes = List.copyOf(notes);
        }
    }

    /**
     * Installs, trusts, consents and (unless {@link Until#CONSENT}) enables {@code r}'s code, asking
     * {@code confirmation} once in between.
     *
     * @throws InstallFailed when the code has no readable manifest (nothing to consent to), and as
     *     the steps do; whatever the failure, the name is left as it was found
     */
    public Report install(Request r, Confirmation confirmation, Progress progress) {
        Prepared p = prepare(r, Optional.empty(), progress);
        if (p.screen.isPresent()) {
            try {
                confirmation.confirm(p.screen.get());
            } catch (RuntimeException e) {
                abandon(p, e);
                throw e;
            }
        }
        return complete(p);
    }

    /**
     * An install brought as far as its question: stored, pinned, trusted and probed, its screen
     * ready ({@link #prepare}); {@link #complete} grants the rest, {@link #abandon} puts everything
     * back. Several of them can be asked for with one question (the default plugins of
     * docs/operations.md#default-plugins).
     */
    public static final class Prepared {
        private final RemoteReport installed;
        private final Optional<Screen> screen;
        private final List<Guidance> notes;
        private final ChainRollback undo;
        private boolean settled;

        private Prepared(RemoteReport installed, Optional<Screen> screen, List<Guidance> notes, ChainRollback undo) {
            this.installed = installed;
            this.screen = screen;
            this.notes = List.copyOf(notes);
            this.undo = undo;
        }

        /** What the operator is to be shown; empty when nothing needs to be granted (already granted). */
        public Optional<Screen> screen() {
            return screen;
        }

        /** What was stored, from where, and how it was checked. */
        public RemoteReport installed() {
            return installed;
        }
    }

    /**
     * The first half of {@link #install}: stores, pins and trusts {@code r}'s code and reads its
     * manifest, up to the screen the operator is to confirm. Nothing is consented or enabled yet.
     *
     * @param expectedDigest the digest the code must have (a curated default's {@code sha256}):
     *     checked before anything of it is committed or run
     * @throws InstallFailed as {@link #install}, and when the code does not have
     *     {@code expectedDigest}; the name is then left as it was found
     */
    public Prepared prepare(Request r, Optional<String> expectedDigest, Progress progress) {
        Objects.requireNonNull(expectedDigest, "expectedDigest");
        AtomicReference<ChainRollback> rollback = new AtomicReference<>();
        RemoteInstaller.TrustConfirmation snapshot = id -> {
            expectedDigest.filter(d -> !d.equals(id.digest())).ifPresent(d -> {
                throw InstallFailed.verification("plugin " + id.name() + " has sha256 " + id.digest() + " but " + d
                        + " was expected; nothing was installed");
            });
            rollback.set(ChainRollback.take(home, id.name()));
        };
        RemoteReport installed = switch (r.source()) {
            case Source.Local l -> local(l.path(), r, snapshot);
            case Source.Url u -> {
                try (RemoteInstaller remote = RemoteInstaller.fromEnvironment(home)) {
                    yield remote.installUrl(u.url(), u.sha256(), options(r, snapshot), progress);
                }
            }
            case Source.Release g -> {
                try (RemoteInstaller remote = RemoteInstaller.fromEnvironment(home)) {
                    yield remote.installRelease(g.ref(), options(r, snapshot), progress);
                }
            }
        };
        // the installer takes the snapshot before it commits; it rolls back its own refusals itself
        ChainRollback undo = Objects.requireNonNull(rollback.get(), "no snapshot was taken before the install");
        List<AgentScope> enableFor = r.until() == Until.ENABLE ? List.of(r.scope()) : List.of();
        return prepared(installed, Optional.empty(), enableFor, r.guards().allowNameMismatch(), undo);
    }

    /**
     * The second half: consents to the disclosure {@code p} showed and enables it as asked; on a
     * failure everything of {@code p} is put back.
     */
    public Report complete(Prepared p) {
        if (p.settled) {
            throw new IllegalStateException("this install was completed or abandoned already");
        }
        p.settled = true;
        if (p.screen.isEmpty()) {
            return new Report(p.installed, Optional.empty(), p.notes);
        }
        Screen screen = p.screen.get();
        String name = screen.name();
        try {
            TrustService trust = new TrustService(home);
            trust.consent(name, screen.consentDigest());
            screen.enableFor().forEach(s -> trust.enable(name, s));
            return new Report(p.installed, p.screen, p.notes);
        } catch (RuntimeException e) {
            restore(p.undo, e);
            throw e;
        }
    }

    /** Puts everything {@code p} did back (a refusal of its question, or of the set it was asked in). */
    public void abandon(Prepared p) {
        if (!p.settled) {
            p.settled = true;
            p.undo.restore();
        }
    }

    private void abandon(Prepared p, RuntimeException cause) {
        if (!p.settled) {
            p.settled = true;
            restore(p.undo, cause);
        }
    }

    private static void restore(ChainRollback undo, RuntimeException cause) {
        try {
            undo.restore();
        } catch (RuntimeException restoring) {
            cause.addSuppressed(restoring);
        }
    }

    /**
     * Replaces {@code name}'s code with that at {@code path}, trusts it, shows what changed in its
     * disclosure, asks once, consents and enables it again for the agents it was enabled for
     * (unless {@link Until#CONSENT}). The same code as installed changes nothing and asks nothing.
     *
     * @param scope the agents to enable it for when it was enabled for none
     */
    public Report update(
            String name,
            Path path,
            PluginInstaller.PinPolicy pins,
            AgentScope scope,
            Until until,
            Confirmation confirmation) {
        ChainRollback undo = ChainRollback.take(home, name);
        Optional<PluginState> was = home.state().read().state().plugin(name);
        Optional<Disclosure> before = was.filter(p -> p.current().isPresent())
                .flatMap(p ->
                        new PluginInspector(home).inspect(name, agentOf(scope)).disclosure());
        InstallReport report = new PluginInstaller(home).update(name, path, pins);
        RemoteReport installed = new RemoteReport(
                report,
                InstallRequest.local(path, Optional.of(name), pins).source(),
                Guidance.text("local file"),
                SignatureCheck.unsigned(),
                List.of());
        if (report.unchanged()) {
            return new Report(installed, Optional.empty(), report.notes());
        }
        List<AgentScope> enableFor = until == Until.CONSENT ? List.of() : enabledBefore(was, scope);
        Prepared p = prepared(installed, before, enableFor, false, undo);
        if (p.screen.isPresent()) {
            try {
                confirmation.confirm(p.screen.get());
            } catch (RuntimeException e) {
                abandon(p, e);
                throw e;
            }
        }
        return complete(p);
    }

    private Prepared prepared(
            RemoteReport installed,
            Optional<Disclosure> before,
            List<AgentScope> enableFor,
            boolean allowNameMismatch,
            ChainRollback undo) {
        InstallReport report = installed.install();
        String name = report.name();
        List<Guidance> notes = new ArrayList<>(report.notes());
        TrustService trust = new TrustService(home);
        if (report.unchanged() && alreadyGranted(name, enableFor)) {
            // the same code, already as far as asked (a store copy restored, or installed again):
            // nothing to grant, so nothing to ask
            return new Prepared(installed, Optional.empty(), notes, undo);
        }
        try {
            String agent = enableFor.isEmpty() ? "default" : agentOf(enableFor.getFirst());
            if (Installation.stage(home.state().read().state(), name, agent) == InstallStage.UNTRUSTED) {
                notes.addAll(
                        trust.trust(name, report.digest(), allowNameMismatch).notes());
            }
            Inspection seen = new PluginInspector(home).inspect(name, agent);
            if (seen.disclosure().isEmpty() || seen.consentDigest().isEmpty()) {
                String why = notes.stream()
                        .map(InstallChain::probeProblem)
                        .flatMap(Optional::stream)
                        .findFirst()
                        .orElse("it declares nothing to consent to");
                throw InstallFailed.usage("plugin " + name + " has no readable manifest to consent to (" + why
                        + "); nothing was changed");
            }
            Disclosure d = seen.disclosure().get();
            Screen screen = new Screen(
                    installed,
                    before,
                    d,
                    seen.consentDigest().get(),
                    seen.state().interpreter(d.codeDigest()),
                    enableFor);
            return new Prepared(installed, Optional.of(screen), notes, undo);
        } catch (RuntimeException e) {
            restore(undo, e);
            throw e;
        }
    }

    /**
     * Whether {@code name} is consented at its current digests and enabled for every scope of
     * {@code enableFor} (consented is enough when it is empty).
     */
    private boolean alreadyGranted(String name, List<AgentScope> enableFor) {
        var state = home.state().read().state();
        if (enableFor.isEmpty()) {
            return Installation.stage(state, name, "default").compareTo(InstallStage.CONSENTED) >= 0;
        }
        return enableFor.stream().allMatch(s -> Installation.stage(state, name, agentOf(s)) == InstallStage.ENABLED);
    }

    /** What a note of the first {@code --manifest} probe says went wrong, without its advice to retry. */
    private static Optional<String> probeProblem(Guidance note) {
        if (note.parts().isEmpty() || !(note.parts().getFirst() instanceof Guidance.Text t)) {
            return Optional.empty();
        }
        String text = t.text();
        int advice = text.indexOf("; fix the plugin");
        return text.contains("manifest")
                ? Optional.of(advice < 0 ? text : text.substring(0, advice))
                : Optional.empty();
    }

    private RemoteReport local(Path path, Request r, RemoteInstaller.TrustConfirmation snapshot) {
        PluginInstaller installer = new PluginInstaller(home);
        PluginInstaller.Identity id = installer.identify(path, r.name());
        snapshot.confirm(id);
        InstallRequest local = InstallRequest.local(path, r.name(), r.pins());
        InstallReport report =
                installer.install(local.withTrusted(Optional.of(id.digest())).withGuards(r.guards()));
        return new RemoteReport(
                report, local.source(), Guidance.text("local file"), SignatureCheck.unsigned(), List.of());
    }

    private static RemoteInstaller.Options options(Request r, RemoteInstaller.TrustConfirmation snapshot) {
        return new RemoteInstaller.Options(r.name(), r.pins(), r.guards(), Optional.of(snapshot), r.signatures());
    }

    private static List<AgentScope> enabledBefore(Optional<PluginState> was, AgentScope fallback) {
        List<AgentScope> scopes = new ArrayList<>();
        was.ifPresent(p -> {
            if (p.enabledAllAgents()) {
                scopes.add(new AgentScope.All());
            }
            p.enabledAgents().stream().sorted().forEach(a -> scopes.add(new AgentScope.One(a)));
        });
        return scopes.isEmpty() ? List.of(fallback) : scopes;
    }

    private static String agentOf(AgentScope scope) {
        return switch (scope) {
            case AgentScope.One one -> one.agent();
            case AgentScope.All all -> "default";
        };
    }
}
