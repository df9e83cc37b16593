package dev.animus.runtime;

import dev.animus.core.AgentScope;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostFailure;
import dev.animus.core.InitializeResult;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import dev.animus.core.PluginState;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStore;
import dev.animus.core.TimeoutTable;
import dev.animus.discovery.AnimusPaths;
import dev.animus.discovery.Discoverer;
import dev.animus.discovery.Discovery;
import dev.animus.discovery.FileDigest;
import dev.animus.discovery.ManifestCache;
import dev.animus.discovery.TrustView;
import dev.animus.host.CallOptions;
import dev.animus.host.FailureText;
import dev.animus.host.InitializeResults;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.ProjectBinding;
import dev.animus.host.Supervisor;
import dev.animus.install.AnimusHome;
import dev.animus.install.DoctorFinding;
import dev.animus.install.InstallChain;
import dev.animus.install.InstallReport;
import dev.animus.install.InstallRequest;
import dev.animus.install.LaunchRequirements;
import dev.animus.install.LockCheck;
import dev.animus.install.Permit;
import dev.animus.install.PluginInspector;
import dev.animus.install.PluginInstaller;
import dev.animus.install.PluginRepair;
import dev.animus.install.PluginSecrets;
import dev.animus.install.RemoteInstaller;
import dev.animus.install.RemoteReport;
import dev.animus.install.SigstoreRoot;
import dev.animus.install.StateRepair;
import dev.animus.install.TrustReport;
import dev.animus.install.TrustService;
import dev.animus.router.KindAlias;
import dev.animus.router.Registrations;
import dev.animus.sigstore.TrustedRoot;
import dev.animus.store.DocumentUnreadable;
import dev.animus.store.HomeLayout;
import dev.animus.store.LockTimedOut;
import dev.animus.subjects.Polling;
import dev.animus.subjects.SubjectCalls;
import dev.animus.transports.TransportSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The application API: one way in for every front end (the shell today; a daemon's control socket
 * or an MCP bridge later). {@link #open} builds the stores of one home and project once; every
 * use case is a method. Use cases that need an operator's confirmation take what the operator was
 * shown (a code digest, a disclosure digest, a {@link PathDigest}) and are refused when it changed
 * in between.
 *
 * <p>Thread-safe: every use case reads the state document afresh under its lock. Holds no open
 * resource today; {@link #close} is where a front end gives it back.
 */
public final class Animus implements AutoCloseable {
    private final AnimusHome home;
    private final Owners owners;

    private Animus(AnimusHome home) {
        this.home = home;
        this.owners = new Owners(home.layout(), home::now);
    }

    /**
     * The home {@code environment} names ({@code ANIMUS_HOME}, ...) and the project at
     * {@code projectRoot} (relative: to the working directory).
     *
     * @throws IllegalArgumentException when no home can be found (no variable and no {@code HOME})
     */
    public static Animus open(Map<String, String> environment, Path projectRoot) {
        return open(AnimusPaths.from(environment, projectRoot), environment);
    }

    /** The home and project {@code paths} name, for the caller whose environment is {@code environment}. */
    public static Animus open(AnimusPaths paths, Map<String, String> environment) {
        return open(paths, environment, InstantSource.system());
    }

    /** As {@link #open(AnimusPaths, Map)}, stamping records with {@code clock}. */
    public static Animus open(AnimusPaths paths, Map<String, String> environment, InstantSource clock) {
        return new Animus(Homes.open(paths, environment, clock));
    }

    /** Where this home and project are. */
    public AnimusPaths paths() {
        return home.paths();
    }

    /**
     * The binding to this project: its root, canonical (links resolved). A front end binds the
     * plugins of a command to it when the operator named the project ({@code --project-root}); a
     * daemon binds every plugin it starts.
     *
     * @throws PathUnreadable when the root is not an existing directory
     */
    public ProjectBinding projectBinding() {
        Path root = home.paths().projectRoot();
        Path real;
        try {
            real = root.toRealPath();
        } catch (IOException e) {
            throw new PathUnreadable(root, "no such directory (give the project's directory)");
        }
        if (!Files.isDirectory(real)) {
            throw new PathUnreadable(root, "not a directory (give the project's directory)");
        }
        return new ProjectBinding(real);
    }

    /** The caller's environment this was opened for. */
    public Map<String, String> environment() {
        return home.callerEnvironment();
    }

    /** The lockfile in force: the project's when it has an {@code .animus} directory, else the global one. */
    public Path lockfile() {
        return home.lockfile().file();
    }

    /**
     * The stamp of the files that decide whether a plugin may run ({@link GrantsStamp}): a front
     * end that lives long (the daemon) checks a permit again when it changed.
     */
    public GrantsStamp grantsStamp() {
        return GrantsStamp.of(List.of(home.layout().stateFile(), lockfile(), secretsFile()));
    }

    /** The file the {@code file} secret backend keeps secrets in. */
    public Path secretsFile() {
        return home.layout().secrets();
    }

    /** Now, to the second: what records and grants are stamped with. */
    public Instant now() {
        return home.now();
    }

    /** The installation state as the state document holds it now. */
    public InstallState state() {
        return home.state().read().state();
    }

    /**
     * The installation state for completing a command line: read afresh for the home
     * {@code environment} names, without creating one and without waiting long for a lock; empty
     * when nothing is installed or the document cannot be read now.
     */
    public static Optional<InstallState> peekState(Map<String, String> environment) {
        return StatePeek.read(environment);
    }

    /** The lockfile in force, as it reads now. */
    public Pins readLockfile() {
        return Pins.of(home.lockfile().read());
    }

    /**
     * {@code <animus_home>/history}, where an interactive shell keeps what was typed, for the home
     * {@code environment} names; nothing is created.
     *
     * @throws IllegalArgumentException when no home can be found
     */
    public static Path historyFile(Map<String, String> environment) {
        return new HomeLayout(AnimusPaths.from(environment, Path.of("")).home()).history();
    }

    /**
     * The installation state, or empty when the state document cannot be read now (unreadable,
     * locked for too long, or an I/O error): for a view that has already said so.
     */
    public Optional<InstallState> readableState() {
        try {
            return Optional.of(state());
        } catch (DocumentUnreadable | LockTimedOut | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** The secret store in force ({@code ANIMUS_KEYRING}, else the Secret Service when one runs, else the file). */
    public SecretStore secrets() {
        return home.secrets().get();
    }

    // ---- installing ------------------------------------------------------------------------

    /** What the code at {@code path} would be installed as (its name and digest), without installing it. */
    public PluginInstaller.Identity identify(Path path, Optional<String> name) {
        return installer().identify(path, name);
    }

    /** Installs from a local path (what {@code request} says: pins, guards, a digest shown for trust). */
    public InstallReport install(InstallRequest request) {
        return installer().install(request);
    }

    /** Replaces {@code name}'s code with that at {@code path}. */
    public InstallReport update(String name, Path path, PluginInstaller.PinPolicy pins) {
        return installer().update(name, path, pins);
    }

    /**
     * {@code plugin install --url U --sha256 H}: U must be HTTPS; redirects may stay on U's host
     * only; {@code listener} hears how far the download has come.
     *
     * @throws dev.animus.install.InstallFailed when the bytes do not have {@code sha256} or nothing
     *     installable is in them
     */
    public RemoteReport installUrl(URI url, String sha256, RemoteInstaller.Options options, DownloadListener listener) {
        try (RemoteInstaller remote = RemoteInstaller.fromEnvironment(home)) {
            return remote.installUrl(url, sha256, options, listener::update);
        }
    }

    /**
     * Installs the latest (or tagged) {@code release}'s asset for this platform, checked against
     * the release's checksums and, as {@code options} say, its signature.
     */
    public RemoteReport installRelease(
            GithubRelease release, RemoteInstaller.Options options, DownloadListener listener) {
        try (RemoteInstaller remote = RemoteInstaller.fromEnvironment(home)) {
            return remote.installRelease(release.ref(), options, listener::update);
        }
    }

    /**
     * {@link #installRelease(GithubRelease, RemoteInstaller.Options, DownloadListener)}, for an owner
     * the operator has just decided to trust ({@code newOwner}: how): the decision is recorded only
     * once the install succeeded, so a failed install leaves the owner untrusted.
     */
    public RemoteReport installRelease(
            GithubRelease release,
            RemoteInstaller.Options options,
            DownloadListener listener,
            Optional<Owners.How> newOwner) {
        RemoteReport report = installRelease(release, options, listener);
        newOwner.ifPresent(how -> owners.trust(release.ownerKey(), how));
        return report;
    }

    /**
     * The one-confirmation install (docs/cli.md#one-confirmation): stores the code, trusts it and
     * reads its manifest, asks {@code confirmation} once with the digest, source, signature and
     * disclosure on one screen, then consents and enables it as {@code request} says; all or
     * nothing (a refusal or a failed step leaves the name as it was). For a release,
     * {@code newOwner} is how the operator decided to trust its owner, recorded only when
     * everything succeeded.
     */
    public InstallChain.Report installChain(
            InstallChain.Request request,
            ChainConfirmation confirmation,
            DownloadListener listener,
            Optional<Owners.How> newOwner) {
        InstallChain.Report report = new InstallChain(home).install(request, confirmation::confirm, listener::update);
        if (request.source() instanceof InstallChain.Source.Release r) {
            newOwner.ifPresent(how -> owners.trust(r.ref().ownerKey(), how));
        }
        return report;
    }

    /**
     * Whether the code at {@code path} is the code installed under its name ({@code name}, else the
     * name the file gives) now: installing it again changes nothing but a damaged stored copy, and
     * asks nothing when its grants hold.
     */
    public boolean holdsInstalledCode(Path path, Optional<String> name) {
        PluginInstaller.Identity id = installer().identify(path, name);
        return home.state()
                .read()
                .state()
                .plugin(id.name())
                .flatMap(PluginState::current)
                .filter(c -> c.digest().equals(id.digest()))
                .isPresent();
    }

    /**
     * The one-confirmation update: replaces {@code name}'s code with that at {@code path}, trusts
     * it, asks {@code confirmation} once with what changed in its disclosure, then consents and
     * enables it again for the agents it was enabled for ({@code scope} when none); all or
     * nothing. The same code as installed changes nothing and asks nothing.
     */
    public InstallChain.Report updateChain(
            String name,
            Path path,
            PluginInstaller.PinPolicy pins,
            AgentScope scope,
            InstallChain.Until until,
            ChainConfirmation confirmation) {
        return new InstallChain(home).update(name, path, pins, scope, until, confirmation::confirm);
    }

    // ---- preflight and default plugins ------------------------------------------------------

    /**
     * The roles check of docs/operations.md#preflight for {@code agent}: which required roles
     * ({@link PreflightReport#REQUIRED}) and optional ones an installed, usable plugin serves, and
     * for each required role none serves the command that makes it served. Runs nothing but the
     * cached {@code --manifest} probes of one discovery run ({@code includeSystemPath}: also
     * {@code PATH}); {@code defaults.toml} is read only when a role is missing.
     *
     * @throws DefaultsInvalid when a role is missing and the {@code defaults.toml} in force cannot be used
     * @throws dev.animus.store.DocumentUnreadable and the other failures of reading the state
     *     document: discovery itself failed
     */
    public PreflightReport preflight(String agent, boolean includeSystemPath) {
        TrustView view = trustView();
        Discovery found = discover(() -> view, includeSystemPath);
        return Preflight.check(home, found, agent, this::defaults);
    }

    /**
     * The curated defaults in force: {@code <animus_home>/defaults.toml} when it exists, else the
     * built-in file.
     *
     * @throws DefaultsInvalid naming the file and the key when it cannot be used
     */
    public PluginDefaults defaults() {
        return PluginDefaults.read(home.layout().home().resolve("defaults.toml"));
    }

    /**
     * What {@code plugin install-defaults} will do: every default of the core group and of the
     * groups {@code options} include, skipped when its name is installed (unless {@code force}).
     * Nothing is stored or run.
     *
     * @throws DefaultsInvalid when the {@code defaults.toml} in force cannot be used
     */
    public DefaultsPlan planDefaults(DefaultsOptions options) {
        PluginDefaults d = defaults();
        return DefaultsInstall.plan(home, d.origin(), d.inGroups(options.include()), options);
    }

    /**
     * What {@code preflight --auto-install} will do: for each missing role of {@code report} whose
     * fix is its default, that default (the first entry for the role, whatever its group).
     *
     * @throws DefaultsInvalid when the {@code defaults.toml} in force cannot be used
     */
    public DefaultsPlan planAutoInstall(PreflightReport report, DefaultsOptions options) {
        PluginDefaults d = defaults();
        List<PluginDefaults.Entry> entries = new java.util.ArrayList<>();
        for (PreflightReport.Missing m : report.missing()) {
            if (m.fix().size() == 1 && m.fix().getFirst() instanceof dev.animus.core.Fix.InstallDefaults) {
                d.forRole(m.role()).stream()
                        .findFirst()
                        .filter(e -> entries.stream().noneMatch(x -> x.name().equals(e.name())))
                        .ifPresent(entries::add);
            }
        }
        return DefaultsInstall.plan(home, d.origin(), entries, options);
    }

    /**
     * Installs {@code plan}'s defaults through the normal gate (docs/cli.md#one-confirmation) with
     * one question for the whole set: each is stored, pinned, trusted and probed; {@code
     * confirmation} is shown every screen at once; then each is consented and enabled. A default
     * that fails is reported (its name left as it was) and the others go on; a refusal puts every
     * one of them back and is thrown.
     */
    public DefaultsReport installDefaults(
            DefaultsPlan plan, DefaultsConfirmation confirmation, DownloadListener listener) {
        return DefaultsInstall.install(home, plan, confirmation, listener::update);
    }

    // ---- Sigstore bundles -------------------------------------------------------------------

    /** The variable naming the trusted root (JSON) to verify Sigstore signatures against. */
    public static final String TRUSTED_ROOT_VARIABLE = SigstoreRoot.VARIABLE;

    /**
     * Verifies the Sigstore {@code bundle} (named {@code bundleName} in messages) for the artifact
     * whose SHA-256 is {@code sha256}, signed as {@code signer} says, offline, against the trusted
     * root {@code trustedRoot} (the JSON of the file {@code trustedRootName}) or the built-in one.
     *
     * @throws BundleRefused when it does not verify, or the trusted root cannot be read
     */
    public static BundleVerified verifyBundle(
            byte[] bundle,
            String bundleName,
            byte[] sha256,
            BundleSigner signer,
            Optional<byte[]> trustedRoot,
            String trustedRootName) {
        return BundleCheck.verify(bundle, bundleName, sha256, signer, trustedRoot, trustedRootName);
    }

    /** The first certificate of the built-in trusted root's first certificate authority (Fulcio's). */
    public static X509Certificate builtInFulcioCertificate() {
        return TrustedRoot.production()
                .certificateAuthorities()
                .getFirst()
                .chain()
                .getFirst();
    }

    /**
     * The SHA-256 of {@code file}'s bytes, in lowercase hex.
     *
     * @throws UncheckedIOException when it cannot be read
     */
    public static String sha256(Path file) {
        return FileDigest.sha256(file);
    }

    // ---- trust, consent, enablement ---------------------------------------------------------

    /** Trusts {@code name}'s installed code, which must still have {@code shownDigest}. */
    public TrustReport trust(String name, String shownDigest, boolean allowNameMismatch) {
        return trust().trust(name, shownDigest, allowNameMismatch);
    }

    /**
     * What the operator is shown before a path is trusted where it lies: the file it resolves to
     * (a link given here is followed once: the operator named it) and the digest of its bytes now.
     *
     * @throws PathUnreadable when it cannot be resolved or read
     */
    public PathDigest examine(Path path) {
        return PathDigest.of(path);
    }

    /**
     * Trusts the binary the operator was {@code shown}, where it lies, if it still is the file
     * shown and its bytes still have the digest shown; returns the name it is trusted under.
     *
     * @throws dev.animus.install.InstallFailed when the path now resolves to another file, or its
     *     bytes changed since they were shown; nothing is trusted then
     */
    public String trustPath(PathDigest shown) {
        return trust().trustPath(shown.given(), shown.real(), shown.sha256());
    }

    /** Consents to {@code name}'s disclosure, which must still have the digest the operator was shown. */
    public void consent(String name, String shownConsentDigest) {
        trust().consent(name, shownConsentDigest);
    }

    /** Enables {@code name} for {@code scope}. */
    public void enable(String name, AgentScope scope) {
        trust().enable(name, scope);
    }

    /**
     * Routes {@code plugin}'s subject kinds under the aliases {@code asKinds} (the texts of {@code
     * animus plugin install --as-kind}: {@code task2}, {@code task=task2}, {@code task.*=t2.*}),
     * replacing those recorded; an empty list clears them (docs/protocol.md#aliases). Each is
     * checked against the {@code subject_kind:} markers of the manifest recorded for its current
     * code, and all of them together as the router registers them, before one state transaction
     * records their canonical texts; a refusal changes nothing. Returns the aliases recorded.
     *
     * @throws IllegalArgumentException with one line naming the {@code --as-kind} and what to write
     * @throws dev.animus.core.InstallationRefused {@code NOT_INSTALLED}, or {@code NO_MANIFEST} when
     *     aliases are asked of code whose manifest was never read (it was not trusted yet)
     */
    public List<KindAlias> aliasKinds(String plugin, List<String> asKinds) {
        List<KindAlias> parsed = new ArrayList<>();
        home.state().transact(s -> {
            parsed.clear();
            List<String> kinds = asKinds.isEmpty()
                    ? List.of()
                    : Installation.currentManifest(s, plugin).subjectKinds();
            for (String asKind : asKinds) {
                parsed.add(KindAlias.parse(asKind, kinds));
            }
            if (!parsed.isEmpty()) {
                Registrations.forPlugin(plugin, kinds, parsed);
            }
            return Installation.aliasKinds(
                    s, plugin, parsed.stream().map(KindAlias::text).toList());
        });
        return List.copyOf(parsed);
    }

    /**
     * The subject kind aliases recorded for {@code plugin}, parsed against the manifest of its current
     * code; empty when it has none or is not installed.
     *
     * @throws IllegalStateException naming the plugin and the fix when a recorded alias no longer
     *     fits its code (an update dropped the kind it renames, or the state document was edited)
     */
    public List<KindAlias> subjectAliases(String plugin) {
        InstallState s = state();
        List<String> texts = s.plugin(plugin).map(PluginState::subjectAliases).orElse(List.of());
        if (texts.isEmpty()) {
            return List.of();
        }
        String fix = ": remove the plugin and install it again with aliases its kinds allow";
        List<String> kinds;
        try {
            kinds = Installation.currentManifest(s, plugin).subjectKinds();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "plugin " + plugin + " has subject aliases (" + String.join(", ", texts)
                            + ") but no readable manifest to apply them to: " + e.getMessage(),
                    e);
        }
        try {
            List<KindAlias> aliases =
                    texts.stream().map(t -> KindAlias.parse(t, kinds)).toList();
            Registrations.forPlugin(plugin, kinds, aliases);
            return aliases;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "plugin " + plugin + ": a recorded subject alias no longer fits its code (" + e.getMessage() + ")"
                            + fix,
                    e);
        }
    }

    /** Disables {@code name} for {@code scope}. */
    public void disable(String name, AgentScope scope) {
        trust().disable(name, scope);
    }

    /** Makes {@code name}'s previous code current again; returns the record now current. */
    public InstallRecord rollback(String name) {
        return trust().rollback(name);
    }

    /** Removes {@code name}; returns the store entries freed. */
    public List<String> remove(String name) {
        return trust().remove(name);
    }

    /** The lockfile's entries for plugins no longer installed, removed unless {@code dryRun}. */
    public List<Pin> pruneLock(boolean dryRun) {
        return trust().pruneLock(dryRun).stream().map(Pin::of).toList();
    }

    /** The GitHub owners this machine trusts (trust on first use). */
    public Owners owners() {
        return owners;
    }

    // ---- reading ------------------------------------------------------------------------------

    /** Everything known of {@code name} for {@code agent}. */
    public PluginInspection inspect(String name, String agent) {
        return PluginInspection.of(inspector().inspect(name, agent));
    }

    /** What is wrong with the installed plugins (or {@code only} that one) for {@code agent}. */
    public List<DoctorFinding> doctor(Optional<String> only, String agent) {
        return inspector().doctor(only, agent);
    }

    /**
     * What {@code plugin doctor --fix} can repair of the installed plugins (or {@code only} that
     * one), the lockfile and the state document; each step says whether it needs the operator's yes.
     */
    public List<PluginRepair.Step> repairPlan(Optional<String> only) {
        return new PluginRepair(home).plan(only);
    }

    /**
     * Carries out one step of {@link #repairPlan} (confirmed by the operator when it needs that);
     * returns what was done.
     *
     * @throws dev.animus.install.InstallFailed when what it was planned on changed in between
     */
    public String repair(PluginRepair.Step step) {
        return new PluginRepair(home).apply(step);
    }

    /** {@code name}'s recorded manifest, if it has one. */
    public Optional<Manifest> manifest(String name) {
        return inspector().manifest(name);
    }

    /**
     * The installed plugins enabled for {@code agent} whose manifest declares {@code kind} (as its
     * {@code plugin_kind} or one of its extra kinds), by name: the plugins a role of the daemon is
     * routed to (its queue, workflow runner, triggers, log storage). Reads the state and the
     * recorded manifests only; whether the launch gate lets one run is decided when it is
     * registered ({@link #permit}).
     */
    public List<String> pluginsOfKind(PluginKind.Routed kind, String agent) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(agent, "agent");
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, PluginState> e : new TreeMap<>(state().plugins()).entrySet()) {
            PluginState ps = e.getValue();
            if (!ps.enabledAllAgents() && !ps.enabledAgents().contains(agent)) {
                continue;
            }
            manifest(e.getKey())
                    .filter(m ->
                            m.kind().routed() == kind || m.extraKinds().stream().anyMatch(k -> k.routed() == kind))
                    .ifPresent(m -> names.add(e.getKey()));
        }
        return List.copyOf(names);
    }

    /** Every pin of the lockfile in force against what is installed. */
    public List<LockCheck> verifyLock() {
        return inspector().verifyLock();
    }

    /** The state document's answer to "may this binary run?", for one discovery run. */
    public TrustView trustView() {
        return inspector().view();
    }

    /**
     * As {@link #trustView}, but when the state document cannot be read now (unreadable, locked for
     * too long, or an I/O error) {@code unreadable} is told why and nothing is trusted.
     */
    public TrustView trustViewOr(Consumer<RuntimeException> unreadable) {
        try {
            return trustView();
        } catch (DocumentUnreadable | LockTimedOut | UncheckedIOException e) {
            unreadable.accept(e);
            return TrustView.nothing();
        }
    }

    /**
     * A discovery over this home's and project's sources: installed plugins first, and any other
     * binary probed only when {@code view} (asked once per run) trusts its digest.
     */
    private Discoverer discoverer(Supplier<TrustView> view) {
        return new Discoverer(home.paths(), home.callerEnvironment(), view);
    }

    /**
     * A discovery run over this home's and project's sources ({@code includeSystemPath}: also
     * {@code PATH}); installed plugins first, and any other binary probed only when {@code view}
     * (asked once per run) trusts its digest.
     */
    public Discovery discover(Supplier<TrustView> view, boolean includeSystemPath) {
        return discoverer(view).discover(includeSystemPath);
    }

    /** The manifest cache of the home {@code paths} name (nothing is opened or created). */
    public static ManifestCacheHandle manifestCache(AnimusPaths paths) {
        return new ManifestCacheHandle(new ManifestCache(paths.manifestCache()));
    }

    /** What is wrong with the state document, if anything; nothing is written. */
    public StateRepair.Diagnosis diagnoseState() {
        return new StateRepair(home).diagnose();
    }

    /** Moves an unreadable state document aside; returns where it now lies. */
    public Path quarantineState() {
        return new StateRepair(home).quarantine();
    }

    /**
     * Where {@code plugin}'s declared secret {@code declaration} comes from now: the caller's
     * environment, {@code store}, or nowhere.
     */
    public PluginSecrets.Resolved resolveSecret(String plugin, SecretDeclaration declaration, SecretStore store) {
        return PluginSecrets.resolve(plugin, declaration, home.callerEnvironment(), store);
    }

    /** {@code result} as the JSON a front end shows of a plugin's initialize result. */
    public static ObjectNode initializeResultJson(InitializeResult result) {
        return InitializeResults.toJson(result);
    }

    /** What a failure adds to its message from the plugin's last stderr line (empty, or {@code "; stderr: ..."}). */
    public static String stderrSuffix(HostFailure failure) {
        return FailureText.stderrSuffix(failure);
    }

    // ---- launching ----------------------------------------------------------------------------

    /**
     * The launch gate's state-only answer for {@code name} and {@code agent} (trust, consent,
     * enablement); the stored code is re-hashed by the guard before each launch.
     *
     * @throws dev.animus.install.LaunchRefused naming why not
     */
    public Permit permit(String name, String agent) {
        return home.gate().allowed(name, agent);
    }

    /**
     * Registers {@code permit}'s plugin with {@code host} (its store executable, declared
     * environment and secrets, deadlines and guard) and returns its supervisor. Secrets are resolved
     * again at every registration, so a changed secret replaces a warm process; an equal
     * registration keeps it.
     *
     * @throws RequirementMissing for a required variable or secret that is missing, before anything starts
     */
    Supervisor register(Permit permit, PluginHost host) {
        return register(permit, host, Optional.empty());
    }

    /** As {@link #register(Permit, PluginHost)}, bound to {@code binding} (empty: unbound). */
    Supervisor register(Permit permit, PluginHost host, Optional<ProjectBinding> binding) {
        return register(permit, host, binding, Optional.empty());
    }

    private Supervisor register(
            Permit permit, PluginHost host, Optional<ProjectBinding> binding, Optional<Path> controlSocket) {
        return register(permit, host, binding, controlSocket, permit.manifest().timeouts());
    }

    /**
     * As {@link #register(Permit, PluginHost, Optional)}, for a transport: told {@code controlSocket}
     * in {@code initialize} too (a legacy transport binds then), its handshake given
     * {@link TransportSession#HANDSHAKE} unless its manifest sets a launch timeout of its own.
     */
    Supervisor registerTransport(Permit permit, PluginHost host, Optional<ProjectBinding> binding, Path controlSocket) {
        TimeoutTable timeouts = permit.manifest().timeouts();
        if (!timeouts.overrides().containsKey(TimeoutTable.LAUNCH)) {
            timeouts = timeouts.with(TimeoutTable.LAUNCH, TransportSession.HANDSHAKE);
        }
        return register(permit, host, binding, Optional.of(controlSocket), timeouts);
    }

    private Supervisor register(
            Permit permit,
            PluginHost host,
            Optional<ProjectBinding> binding,
            Optional<Path> controlSocket,
            TimeoutTable timeouts) {
        Manifest manifest = permit.manifest();
        Map<String, String> env = home.callerEnvironment();
        List<PluginSecrets.Resolved> secrets = manifest.secrets().isEmpty()
                ? List.of()
                : PluginSecrets.resolve(permit.name(), manifest, env, secrets());
        LaunchRequirements.of(permit.name(), manifest, env, secrets).stream()
                .findFirst()
                .ifPresent(missing -> {
                    throw new RequirementMissing(permit.name(), missing);
                });
        Set<String> declared = new TreeSet<>();
        manifest.envRequired().forEach(e -> declared.add(e.name()));
        declared.addAll(PluginSecrets.variables(manifest));
        LaunchSpec spec = new LaunchSpec(
                permit.name(),
                permit.executable(),
                EnvironmentPolicy.declaring(declared),
                env,
                PluginSecrets.environment(secrets),
                Optional.empty(),
                permit.interpreter(),
                binding,
                controlSocket);
        return host.register(new PluginRegistration(
                permit.name(), spec, timeouts, home.gate().guard(permit)));
    }

    /**
     * Registers the plugin {@code permit} allows in the front end's {@code plugins} (its environment and
     * secrets, deadlines and guard); a changed secret replaces a warm process, an equal registration
     * keeps it.
     *
     * @throws RequirementMissing for a required variable or secret that is missing, before anything starts
     */
    public PluginHandle register(Permit permit, Plugins plugins) {
        return register(permit, plugins, Optional.empty());
    }

    /**
     * As {@link #register(Permit, Plugins)}, the plugin bound to {@code binding} (it runs in the
     * project's root and is told the root in {@code initialize}); empty: bound as
     * {@code plugins}' options say ({@link Plugins.Options#projectBinding}), else unbound, in the
     * caller's working directory. A registration bound otherwise than before replaces the warm
     * process.
     *
     * @throws RequirementMissing for a required variable or secret that is missing, before anything starts
     */
    public PluginHandle register(Permit permit, Plugins plugins, Optional<ProjectBinding> binding) {
        return new PluginHandle(register(
                permit, plugins.host(), binding.or(() -> plugins.options().projectBinding())));
    }

    /**
     * As {@link #register(Permit, Plugins, Optional)}, the plugin also told {@code controlSocket}
     * as {@code init_extensions.control_socket} (docs/protocol.md#the-initialize-request): the
     * daemon's role plugins that call back into it, a workflow runner.
     */
    public PluginHandle register(Permit permit, Plugins plugins, Optional<ProjectBinding> binding, Path controlSocket) {
        return new PluginHandle(register(
                permit,
                plugins.host(),
                binding.or(() -> plugins.options().projectBinding()),
                Optional.of(controlSocket)));
    }

    /**
     * The provider use cases over {@code plugins} for {@code agent}, the providers bound to
     * {@code binding} (empty: as {@code plugins}' options say). The runs are {@code plugins}'
     * (one session map per host), whichever {@link Agents} started them.
     */
    public Agents agents(Plugins plugins, String agent, Optional<ProjectBinding> binding) {
        return new Agents(this, plugins, agent, binding);
    }

    /**
     * The hook use cases over {@code plugins} for {@code agent} (docs/lifecycle.md#hooks-and-events):
     * its sealed registrations, each call under the 2-second deadline, plugins bound to
     * {@code binding} (empty: as {@code plugins}' options say).
     */
    public Hooks hooks(Plugins plugins, String agent, Optional<ProjectBinding> binding) {
        return new Hooks(this, plugins, agent, binding);
    }

    /**
     * The subject use cases over {@code plugins} for {@code agent} (docs/protocol.md#subjects): the
     * backends enabled for it, bound to {@code binding} (empty: as {@code plugins}' options say),
     * each call with the 2-minute default deadline, backends that cannot watch polled every 2 s.
     */
    public Subjects subjects(Plugins plugins, String agent, Optional<ProjectBinding> binding) {
        return new Subjects(this, plugins, agent, binding, Polling.defaults(), SubjectCalls.DEADLINE);
    }

    /**
     * Starts a trigger session for each {@code trigger_backend} enabled for {@code agent}
     * (docs/daemon.md#triggers), in {@code plugins}' host, configured by
     * {@code <projectRoot>/.animus/triggers.toml}; {@code notices} is told of crashed triggers and
     * unmatched events. The caller closes the result before {@code plugins}.
     */
    public Triggers startTriggers(
            Plugins plugins, String agent, Path projectRoot, Consumer<dev.animus.triggers.TriggerNotice> notices) {
        return Triggers.start(this, plugins, agent, projectRoot, notices);
    }

    /**
     * Starts each {@code transport_backend} (and legacy {@code web_ui}) plugin enabled for
     * {@code agent} (docs/daemon.md#transports), UI transports first, in {@code plugins}' host:
     * {@code transport/start} with {@code controlSocket}, {@code projectRoot}, the bind address
     * ({@code bindAddr}, else the plugin's table's, else {@code 127.0.0.1:0}), its table of
     * {@code <projectRoot>/.animus/transports.toml} and {@code authToken}. A transport that cannot
     * start is logged in one line and left out. The caller closes the result before {@code plugins}.
     */
    public Transports startTransports(
            Plugins plugins,
            String agent,
            Path projectRoot,
            Path controlSocket,
            Optional<String> bindAddr,
            String authToken) {
        return Transports.start(this, plugins, agent, projectRoot, controlSocket, bindAddr, authToken);
    }

    /**
     * {@code options} that also hand every notification the plugin sends during the call to
     * {@code sink}, as its method and params.
     */
    public static CallOptions streamingTo(CallOptions options, BiConsumer<String, JsonNode> sink) {
        return options.streamingTo(n -> sink.accept(n.method(), n.params()));
    }

    @Override
    public void close() {
        // nothing is held open yet: the stores open their files per operation
    }

    private TrustService trust() {
        return new TrustService(home);
    }

    private PluginInspector inspector() {
        return new PluginInspector(home);
    }

    private PluginInstaller installer() {
        return new PluginInstaller(home);
    }

    @Override
    public String toString() {
        return "Animus[" + home.paths().home() + ", project " + home.paths().projectRoot() + "]";
    }
}
