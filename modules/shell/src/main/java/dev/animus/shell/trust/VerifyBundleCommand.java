package dev.animus.shell.trust;

import dev.animus.core.OneLine;
import dev.animus.runtime.Animus;
import dev.animus.runtime.BundleRefused;
import dev.animus.runtime.BundleSigner;
import dev.animus.runtime.BundleVerified;
import dev.animus.runtime.IoText;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code animus verify-bundle}: verifies a Sigstore bundle for a file or a digest, offline, with the
 * options of the sigstore-conformance client protocol (cosign's {@code verify-blob} spelling).
 */
@Command(
        name = "verify-bundle",
        mixinStandardHelpOptions = true,
        description = {
            "Verify a Sigstore bundle for a file or a digest.",
            "",
            "Verify a Sigstore bundle (v0.1 to v0.3) for a file or a sha256:<hex> digest,",
            "offline: the signing certificate chains to the trusted root and names the",
            "expected identity and OIDC issuer (or the signature verifies with --key), and",
            "the transparency log entry is proven. The trusted root is --trusted-root, else",
            "the file $ANIMUS_SIGSTORE_TRUSTED_ROOT names, else the built-in Sigstore root.",
            "Exit codes: 0 verified, 3 not verified, 2 a usage error (options, unreadable",
            "files, a bad digest or key, a trusted root that is not one)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus verify-bundle --bundle lint.sigstore.json \\",
            "    --certificate-identity \\",
            "    https://github.com/acme/lint/.github/workflows/release.yml@refs/tags/v1 \\",
            "    --certificate-oidc-issuer https://token.actions.githubusercontent.com \\",
            "    lint.tar.gz",
            "  animus verify-bundle --bundle b.json \\",
            "    --certificate-identity-regexp 'https://github[.]com/acme/.*' \\",
            "    --certificate-oidc-issuer https://token.actions.githubusercontent.com \\",
            "    sha256:<64 hex digits>",
            "  animus verify-bundle --bundle b.json --key cosign.pub \\",
            "    --trusted-root trusted_root.json ./file --json"
        })
public final class VerifyBundleCommand implements Callable<Integer> {
    /** Where the trusted root comes from when {@code --trusted-root} is not given. */
    public static final String TRUSTED_ROOT_ENV = Animus.TRUSTED_ROOT_VARIABLE;

    private static final Pattern HEX64 = Pattern.compile("[0-9a-fA-F]{64}");
    private static final String DIGEST_PREFIX = "sha256:";

    @ParentCommand
    AnimusCommand root;

    @Option(names = "--bundle", paramLabel = "F", required = true, description = "The Sigstore bundle (JSON).")
    Path bundle;

    @Option(
            names = "--certificate-identity",
            paramLabel = "ID",
            description = "The identity the signing certificate must name (its subject alternative name).")
    String identity;

    @Option(
            names = "--certificate-identity-regexp",
            paramLabel = "RE",
            description = "Instead of --certificate-identity: a regular expression the whole identity must match.")
    String identityRegexp;

    @Option(
            names = "--certificate-oidc-issuer",
            paramLabel = "URL",
            description = "The OIDC issuer the signing certificate must name (with an identity).")
    String issuer;

    @Option(
            names = "--key",
            paramLabel = "PEMFILE",
            description = "Instead of an identity: the public key (PEM) that must have signed.")
    Path key;

    @Option(
            names = "--trusted-root",
            paramLabel = "F",
            description = "The trusted root (JSON) to verify against (default: $" + TRUSTED_ROOT_ENV
                    + ", else the built-in one).")
    Path trustedRoot;

    @Parameters(
            index = "0",
            paramLabel = "FILE_OR_DIGEST",
            description = "The signed file, or its digest as sha256:<64 hex digits>.")
    String artifact;

    @Override
    public Integer call() {
        BundleSigner policy = policy();
        byte[] bundleBytes = readInput(bundle, "--bundle", "the bundle");
        RootChoice rootChoice = rootChoice();
        Artifact subject = artifact();
        Terminal t = root.terminal();
        BundleVerified verified;
        try {
            verified = Animus.verifyBundle(
                    bundleBytes,
                    bundle.toString(),
                    subject.sha256(),
                    policy,
                    rootChoice.file().map(f -> rootChoice.bytes()),
                    rootChoice.shown());
        } catch (BundleRefused f) {
            String word = word(f.reason());
            if (root.json) {
                t.printJson(envelope(subject, rootChoice)
                        .put("verified", false)
                        .put("reason", word)
                        .put("message", f.getMessage()));
            }
            // a trusted root that cannot be read is the operator's to fix (exit 2), as for installs
            int code = f.trustedRootMalformed() ? ExitCodes.USAGE : ExitCodes.VERIFICATION_FAILED;
            CommandFailed refused =
                    new CommandFailed(code, "bundle_refused", "verify-bundle: " + word + ": " + f.getMessage());
            throw root.json ? refused.withDocumentPrinted() : refused; // the document above is the answer
        }
        if (root.json) {
            t.printJson(json(subject, rootChoice, verified));
        } else {
            t.out().println(OneLine.of(line(subject, verified)));
            t.out().flush();
        }
        return ExitCodes.OK;
    }

    /** The reason as one lowercase word with dashes: {@code IDENTITY_MISMATCH} → {@code identity-mismatch}. */
    static String word(String reason) {
        return reason.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    // ---- options

    private BundleSigner policy() {
        boolean keyless = identity != null || identityRegexp != null || issuer != null;
        if (key != null && keyless) {
            throw usage("--key and --certificate-identity/--certificate-identity-regexp/--certificate-oidc-issuer"
                    + " exclude each other; give a key, or an identity and an issuer");
        }
        if (key != null) {
            String pem = new String(readInput(key, "--key", "the key"), StandardCharsets.US_ASCII);
            try {
                return BundleSigner.key(pem);
            } catch (IllegalArgumentException e) {
                throw usage("--key " + key + ": " + e.getMessage() + " (give the signer's public key as a PEM"
                        + " PUBLIC KEY file)");
            }
        }
        if (identity != null && identityRegexp != null) {
            throw usage("--certificate-identity and --certificate-identity-regexp exclude each other; give one");
        }
        if (identity == null && identityRegexp == null) {
            throw usage("say who must have signed: --certificate-identity ID (or --certificate-identity-regexp RE)"
                    + " with --certificate-oidc-issuer URL, or --key PEMFILE");
        }
        if (issuer == null) {
            throw usage("--certificate-oidc-issuer URL is missing: an identity is checked together with its issuer"
                    + " (e.g. https://token.actions.githubusercontent.com)");
        }
        if (identity != null) {
            return BundleSigner.exact(identity, issuer);
        }
        try {
            return BundleSigner.matching(identityRegexp, issuer);
        } catch (IllegalArgumentException e) {
            throw usage("--certificate-identity-regexp: " + e.getMessage());
        }
    }

    /** What was signed: a file given by path, or a digest given as {@code sha256:<hex>}. */
    record Artifact(String shown, byte[] sha256) {
        String hex() {
            return HexFormat.of().formatHex(sha256);
        }
    }

    private Artifact artifact() {
        if (artifact.startsWith(DIGEST_PREFIX)) {
            String hex = artifact.substring(DIGEST_PREFIX.length());
            if (!HEX64.matcher(hex).matches()) {
                throw usage("'" + artifact + "' is not a digest: give sha256: followed by 64 hex digits, or a file");
            }
            byte[] digest = HexFormat.of().parseHex(hex.toLowerCase(Locale.ROOT));
            return new Artifact(DIGEST_PREFIX + hex.toLowerCase(Locale.ROOT), digest);
        }
        Path file = Path.of(artifact);
        if (Files.isDirectory(file)) {
            throw usage("the artifact " + file + " is a directory; give the signed file, or sha256:<hex>");
        }
        try {
            return new Artifact(artifact, HexFormat.of().parseHex(Animus.sha256(file)));
        } catch (UncheckedIOException e) {
            throw usage("the artifact " + file + " cannot be read (" + describe(e.getCause()) + "); give the signed"
                    + " file, or sha256:<hex>");
        }
    }

    /** Which trusted root, and from where: the option, the environment, or the built-in one. */
    record RootChoice(Optional<Path> file, String source, byte[] bytes) {
        String shown() {
            return file.map(Path::toString).orElse("built-in");
        }
    }

    private RootChoice rootChoice() {
        if (trustedRoot != null) {
            return new RootChoice(
                    Optional.of(trustedRoot), "option", readInput(trustedRoot, "--trusted-root", "the trusted root"));
        }
        String fromEnv = root.environment().get(TRUSTED_ROOT_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            Path file = Path.of(fromEnv);
            return new RootChoice(
                    Optional.of(file), "environment", readInput(file, TRUSTED_ROOT_ENV, "the trusted root"));
        }
        return new RootChoice(Optional.empty(), "built-in", new byte[0]);
    }

    private static byte[] readInput(Path file, String option, String what) {
        if (Files.isDirectory(file)) {
            throw usage(what + " " + file + " (" + option + ") is a directory; give a file");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw usage(what + " " + file + " (" + option + ") cannot be read (" + describe(e) + "); check the path");
        }
    }

    private static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException n -> "no such file";
            case AccessDeniedException a -> "permission denied";
            default -> IoText.of(e);
        };
    }

    private static CommandFailed usage(String message) {
        return new CommandFailed(ExitCodes.USAGE, "option_invalid", message);
    }

    // ---- output

    private String line(Artifact subject, BundleVerified v) {
        String signer = v.identity().isPresent()
                ? v.identity().get() + " (issuer " + v.issuer().orElse("?") + ")"
                : "the key " + key;
        String at = earliest(v).map(Instant::toString).orElse("an unverified time");
        StringBuilder s = new StringBuilder("verified: ")
                .append(subject.shown())
                .append(" signed by ")
                .append(signer)
                .append(" at ")
                .append(at);
        if (!v.entries().isEmpty()) {
            BundleVerified.Entry first = v.entries().getFirst();
            s.append("; logged in ")
                    .append(first.logUrl().orElse("the log " + first.logIdHex()))
                    .append(" entry ")
                    .append(first.logIndex());
            if (v.entries().size() > 1) {
                s.append(" (and ").append(v.entries().size() - 1).append(" more)");
            }
        }
        return s.toString();
    }

    private static Optional<Instant> earliest(BundleVerified v) {
        return v.earliest();
    }

    private ObjectNode envelope(Artifact subject, RootChoice rootChoice) {
        ObjectNode env = Terminal.envelope("verify-bundle")
                .put("artifact", subject.shown())
                .put("sha256", subject.hex())
                .put("bundle", bundle.toString())
                .put("trusted_root", rootChoice.shown())
                .put("trusted_root_source", rootChoice.source());
        return env;
    }

    private ObjectNode json(Artifact subject, RootChoice rootChoice, BundleVerified v) {
        ObjectNode env = envelope(subject, rootChoice).put("verified", true);
        if (v.identity().isPresent()) {
            env.put("signer", "certificate")
                    .put("identity", v.identity().get())
                    .put("issuer", v.issuer().orElse(""));
            env.putNull("key");
        } else {
            env.put("signer", "key").putNull("identity").putNull("issuer");
            env.put("key", key.toString());
        }
        earliest(v).ifPresentOrElse(at -> env.put("signed_at", at.toString()), () -> env.putNull("signed_at"));
        var times = env.putArray("verified_times");
        v.signedAt().forEach(at -> times.add(at.toString()));
        var entries = env.putArray("log_entries");
        v.entries().forEach(e -> {
            ObjectNode o = entries.addObject();
            e.logUrl().ifPresentOrElse(url -> o.put("log_url", url), () -> o.putNull("log_url"));
            o.put("log_id", e.logIdHex())
                    .put("log_index", e.logIndex())
                    .put("kind", e.kind())
                    .put("version", e.version());
            e.integratedTime()
                    .ifPresentOrElse(
                            s -> o.put(
                                    "integrated_time", Instant.ofEpochSecond(s).toString()),
                            () -> o.putNull("integrated_time"));
        });
        return env;
    }
}
