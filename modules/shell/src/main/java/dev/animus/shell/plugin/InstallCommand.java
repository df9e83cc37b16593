package dev.animus.shell.plugin;

import dev.animus.core.AgentScope;
import dev.animus.core.Guidance;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallationRefused;
import dev.animus.core.OneLine;
import dev.animus.core.SignatureCheck;
import dev.animus.install.InstallChain;
import dev.animus.install.InstallReport;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.install.RemoteInstaller;
import dev.animus.install.RemoteReport;
import dev.animus.install.SignaturePolicy;
import dev.animus.install.TrustReport;
import dev.animus.router.KindPattern;
import dev.animus.runtime.Animus;
import dev.animus.runtime.GithubRelease;
import dev.animus.runtime.Owners;
import dev.animus.runtime.UrlSource;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.DownloadProgress;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Summary;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.trust.OrgTrust;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin install <owner/repo[@tag]> | --path P | --url U --sha256 H}: store a plugin; nothing of it runs. */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = {
            "Install a plugin from a GitHub release, HTTPS URL or path.",
            "",
            "Install a plugin into the digest-addressed store and pin its digest in plugins.lock, from a",
            "GitHub release (owner/repo[@tag]: this platform's asset, checked against the release's checksum and",
            "its Sigstore signature bundle, <asset>.sigstore.json or <asset>.bundle, see --signature-policy),",
            "a direct HTTPS URL with its --sha256, or a local executable or plugin directory (--path).",
            "Then, in the same act, trust its code (it runs once with --manifest, from the store, to say what it",
            "declares), consent to its disclosure and enable it for the agent (--agent, default: default): one",
            "screen shows the digest, the source, the signature and the disclosure, and one question asks for",
            "all of it (--yes answers it; without a terminal --yes is needed). A 'no', or any step that fails,",
            "leaves everything as it was. --no-enable stops after the consent; --trust stops after the trust;",
            "--no-trust only stores it (nothing runs; then 'animus plugin trust', 'consent' and 'enable').",
            "An unknown GitHub owner must be trusted first (a question on a terminal, --allow-org OWNER, or",
            "--yes); the owner is recorded only when the install succeeds; see 'animus trust-orgs'."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin install acme/animus-plugin-lint",
            "  animus plugin install --path ./animus-plugin-pyecho --yes",
            "  animus plugin install --path ./animus-plugin-pyecho --agent coder --no-enable",
            "  animus plugin install acme/animus-plugin-lint@v1.2.0 --allow-org acme",
            "  animus plugin install acme/animus-plugin-lint --signature-policy strict",
            "  animus plugin install --url https://example.com/lint.tar.gz --sha256 <hex>",
            "  animus plugin install --path ./my-plugin/ --name mine --no-trust",
            "  animus plugin install --path ./tasks2 --as-kind task2 --yes"
        })
public final class InstallCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<owner/repo[@tag]>", description = "A GitHub release.")
    String release;

    @Option(names = "--path", paramLabel = "P", description = "A local executable or plugin directory.")
    Path path;

    @Option(names = "--url", paramLabel = "U", description = "A direct HTTPS download (needs --sha256).")
    String url;

    @Option(names = "--sha256", paramLabel = "H", description = "The SHA-256 the --url download must have.")
    String sha256;

    @Option(names = "--name", paramLabel = "N", description = "The name to install it under.")
    String name;

    @Option(
            names = "--trust",
            description = "Install and trust only (asks first, unless --yes); no consent, no enable.")
    boolean trust;

    @Option(
            names = "--no-trust",
            description =
                    "Only store and pin it: nothing is asked, and nothing of it runs unless its digest was trusted before (then its manifest is read).")
    boolean noTrust;

    @Option(names = "--no-enable", description = "Install, trust and consent, but enable it for no agent.")
    boolean noEnable;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(names = "--allow-org", paramLabel = "OWNER", description = "Trust this GitHub owner (first use).")
    String allowOrg;

    @Option(names = "--allow-shadow-builtin", description = "Let it take the name of a built-in provider.")
    boolean allowShadowBuiltin;

    @Option(
            names = "--force",
            description = "Install even if plugins.lock pins another digest for the name (the pin "
                    + "is replaced; old and new digests are reported), or a release's manifest names another plugin.")
    boolean force;

    @Option(
            names = "--signature-policy",
            paramLabel = "strict|warn|disabled",
            converter = SignaturePolicyConverter.class,
            description = "What a release's Sigstore signature must be: strict (verified by the repository's release "
                    + "workflow, else nothing is installed), warn (recorded and warned about), disabled "
                    + "(not checked). The default is warn, or what 'animus config' set.")
    SignaturePolicy signaturePolicy;

    @Option(
            names = "--rewrite-lockfile",
            description = "Replace an unreadable plugins.lock (corrupt, or of a newer "
                    + "schema) instead of refusing; its entries are lost.")
    boolean rewriteLockfile;

    @Option(
            names = "--as-kind",
            paramLabel = "K|NATIVE=K",
            description =
                    "Route a subject kind of the plugin under another name (repeatable): K when it serves one kind, "
                            + "NATIVE=K (task=task2, task.*=t2.*) to name the one renamed. Checked against its manifest once "
                            + "it is trusted; not with --no-trust.")
    List<String> asKinds = new ArrayList<>();

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Source source = source();
        checkAsKinds();
        if (trust && noTrust) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "conflicting_options", "--trust and --no-trust exclude each other; give one");
        }
        if (noEnable && (trust || noTrust)) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "conflicting_options",
                    "--no-enable goes with the one-step install, not with --trust or --no-trust");
        }
        Optional<Owners.How> newOwner = source instanceof Source.Github g
                ? OrgTrust.decide(root, g.ref().ownerKey(), Optional.ofNullable(allowOrg), yes)
                : Optional.empty();
        boolean chain = !trust && !noTrust;
        if (chain
                && !Confirm.askable(root, yes)
                && !(source instanceof Source.Local l
                        && root.animus().holdsInstalledCode(l.path(), Optional.ofNullable(name)))) {
            // refused before anything is downloaded, stored or run: there would be no one to ask
            // (the code installed now, given again, restores a damaged stored copy and asks nothing)
            Confirm.requireAskable(root, yes, "installing plugin " + (name != null ? name : describe(source)));
        }
        if (rewriteLockfile) {
            root.terminal()
                    .warn("--rewrite-lockfile: an unreadable " + root.animus().lockfile()
                            + " is replaced; its entries are lost");
        }
        PluginInstaller.PinPolicy pins = new PluginInstaller.PinPolicy(force, rewriteLockfile);
        InstallRequest.Guards guards = new InstallRequest.Guards(Optional.empty(), force, allowShadowBuiltin);
        if (chain) {
            return installChain(root, source, pins, guards, newOwner);
        }
        RemoteReport report = switch (source) {
            case Source.Local l -> local(root, l.path(), pins, guards);
            case Source.Url u ->
                root.animus()
                        .installUrl(
                                u.uri(), u.sha256(), options(root, pins, guards), DownloadProgress.on(root.terminal()));
            case Source.Github g ->
                root.animus()
                        .installRelease(
                                g.ref(), options(root, pins, guards), DownloadProgress.on(root.terminal()), newOwner);
        };
        if (source instanceof Source.Github g) {
            OrgTrust.announce(root, g.ref().ownerKey(), newOwner);
        }
        Terminal t = root.terminal();
        Summary.warnings(t, report.install());
        report.warnings().forEach(t::warn);
        applyAsKinds(root, report.install().name(), "installed and trusted");
        Optional<TrustReport> trusted = trust ? Optional.of(Summary.trusted(root, report.install())) : Optional.empty();
        if (root.json) {
            t.printJson(Summary.json(report, trusted.isPresent()));
        } else {
            Summary.print(t.out(), report, trusted);
        }
        return ExitCodes.OK;
    }

    /** Install, trust, consent and enable, asked once (docs/cli.md#one-confirmation). */
    private Integer installChain(
            AnimusCommand root,
            Source source,
            PluginInstaller.PinPolicy pins,
            InstallRequest.Guards guards,
            Optional<Owners.How> newOwner) {
        AgentScope scope = Scopes.of(root, false, false);
        InstallChain.Source from = switch (source) {
            case Source.Local l -> new InstallChain.Source.Local(l.path());
            case Source.Url u -> new InstallChain.Source.Url(u.uri(), u.sha256());
            case Source.Github g -> g.ref().source();
        };
        InstallChain.Request request = new InstallChain.Request(
                from,
                Optional.ofNullable(name),
                pins,
                guards,
                signaturePolicy == null ? root.settings().signaturePolicy() : signaturePolicy,
                scope,
                noEnable ? InstallChain.Until.CONSENT : InstallChain.Until.ENABLE);
        InstallChain.Report report = root.animus()
                .installChain(
                        request,
                        ChainScreen.asking(root, yes, "install"),
                        DownloadProgress.on(root.terminal()),
                        newOwner);
        if (source instanceof Source.Github g) {
            OrgTrust.announce(root, g.ref().ownerKey(), newOwner);
        }
        report.install().warnings().forEach(root.terminal()::warn);
        applyAsKinds(
                root,
                report.install().install().name(),
                "installed, trusted, consented" + (noEnable ? "" : " and enabled"));
        if (report.screen().isEmpty()) { // the code installed now, already granted: nothing was asked
            Terminal t = root.terminal();
            report.notes().forEach(n -> t.warn(FixText.render(n)));
            if (root.json) {
                t.printJson(Summary.json(report.install(), false));
            } else {
                Summary.print(t.out(), report.install(), Optional.empty());
            }
            return ExitCodes.OK;
        }
        ChainScreen.summary(root, report, "plugin.install");
        return ExitCodes.OK;
    }

    /**
     * What can be checked of {@code --as-kind} before anything is installed: that each side is a
     * kind pattern, and that the plugin's manifest will be read (not with {@code --no-trust}).
     * Whether it fits the plugin's kinds is known only once its manifest is read.
     */
    private void checkAsKinds() {
        if (asKinds.isEmpty()) {
            return;
        }
        if (noTrust) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "conflicting_options",
                    "--as-kind needs the plugin's kinds, read from its manifest when it is trusted: drop --no-trust");
        }
        for (String asKind : asKinds) {
            int eq = asKind.indexOf('=');
            for (String side : eq < 0 ? List.of(asKind) : List.of(asKind.substring(0, eq), asKind.substring(eq + 1))) {
                try {
                    KindPattern.parse(side);
                } catch (IllegalArgumentException e) {
                    throw new CommandFailed(
                            ExitCodes.USAGE,
                            "option_invalid",
                            "--as-kind " + OneLine.of(asKind) + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * Records the {@code --as-kind} aliases of {@code name}, installed just now. A refusal leaves the
     * install as it is ({@code state}), without aliases, and says how to redo it.
     */
    private void applyAsKinds(AnimusCommand root, String name, String state) {
        if (asKinds.isEmpty()) {
            return;
        }
        try {
            root.animus().aliasKinds(name, asKinds);
        } catch (IllegalArgumentException | InstallationRefused e) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "option_invalid",
                    e.getMessage() + "; plugin " + name + " is " + state + ", with no subject alias: run 'animus plugin"
                            + " remove " + name + "' and install it again with an --as-kind that fits its kinds");
        }
    }

    private static String describe(Source source) {
        return switch (source) {
            case Source.Local l -> l.path().toString();
            case Source.Url u -> u.uri().toString();
            case Source.Github g -> g.ref().toString();
        };
    }

    /** Exactly one of the three sources. */
    private sealed interface Source {
        record Local(Path path) implements Source {}

        record Url(URI uri, String sha256) implements Source {}

        record Github(GithubRelease ref) implements Source {}
    }

    private Source source() {
        long given = Stream.of(release, path, url).filter(Objects::nonNull).count();
        if (given != 1) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "source_invalid",
                    "give exactly one source: owner/repo[@tag], --path P, or --url U"
                            + " --sha256 H (try 'animus plugin install --help')");
        }
        if (sha256 != null && url == null) {
            throw new CommandFailed(ExitCodes.USAGE, "option_invalid", "--sha256 goes with --url");
        }
        if (signaturePolicy != null && release == null) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "option_invalid",
                    "--signature-policy applies to release installs (owner/repo[@tag]):"
                            + " a --url or --path install carries no signature and is recorded as unsigned");
        }
        if (path != null) {
            return new Source.Local(path);
        }
        if (url != null) {
            return url(url, sha256);
        }
        try {
            return new Source.Github(GithubRelease.parse(release));
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "release_invalid", e.getMessage());
        }
    }

    private static Source url(String text, String sha256) {
        try {
            UrlSource u = UrlSource.of(text, Optional.ofNullable(sha256));
            return new Source.Url(u.uri(), u.sha256());
        } catch (UrlSource.Refused e) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "url_invalid",
                    switch (e.problem()) {
                        case NO_SHA256 ->
                            "--url needs --sha256 <the file's SHA-256>: a direct download is"
                                    + " installed only when you say which bytes you expect";
                        case SHA256_MALFORMED -> "--sha256 '" + sha256 + "' is not 64 lowercase hex digits";
                        case NOT_A_URL -> "--url '" + text + "' is not a URL: " + e.detail();
                        case NOT_HTTPS ->
                            "--url must be an https:// URL with a host (got '" + text + "'); plain http is refused";
                    });
        }
    }

    private RemoteReport local(
            AnimusCommand root, Path p, PluginInstaller.PinPolicy pins, InstallRequest.Guards guards) {
        Animus installer = root.animus();
        Optional<String> shown = Optional.empty();
        if (trust) {
            PluginInstaller.Identity id = installer.identify(p, Optional.ofNullable(name));
            confirmTrust(root, id, p.toString());
            shown = Optional.of(id.digest());
        }
        InstallRequest local = InstallRequest.local(p, Optional.ofNullable(name), pins);
        InstallReport r = installer.install(local.withTrusted(shown).withGuards(guards));
        InstallSource source = local.source();
        return new RemoteReport(r, source, Guidance.text("local file"), SignatureCheck.unsigned(), List.of());
    }

    private RemoteInstaller.Options options(
            AnimusCommand root, PluginInstaller.PinPolicy pins, InstallRequest.Guards guards) {
        Optional<RemoteInstaller.TrustConfirmation> confirmation =
                trust ? Optional.of(id -> confirmTrust(root, id, "the download")) : Optional.empty();
        return new RemoteInstaller.Options(
                Optional.ofNullable(name),
                pins,
                guards,
                confirmation,
                signaturePolicy == null ? root.settings().signaturePolicy() : signaturePolicy);
    }

    private void confirmTrust(AnimusCommand root, PluginInstaller.Identity id, String from) {
        Confirm.require(
                root,
                yes,
                "trust plugin " + id.name(),
                "Install and trust plugin " + id.name() + " (sha256 " + id.digest() + ", from " + from
                        + ")? Its code will be allowed to run on this machine.");
    }
}
