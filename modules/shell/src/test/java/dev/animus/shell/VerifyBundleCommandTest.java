package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.trust.VerifyBundleCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus verify-bundle} as the sigstore-conformance suite drives it: every case of
 * {@code conformance/sigstore/bundle-verify} with the artifact as a file and as {@code sha256:<hex>},
 * then the usage errors, the trusted root from the environment, {@code --json} and {@code --help}.
 */
class VerifyBundleCommandTest {
    static final Path CASES = Path.of("../../conformance/sigstore/bundle-verify");
    static final String DEFAULT_IDENTITY =
            "https://github.com/sigstore-conformance/extremely-dangerous-public-oidc-beacon/"
                    + ".github/workflows/extremely-dangerous-oidc-beacon.yml@refs/heads/main";
    static final String DEFAULT_ISSUER = "https://token.actions.githubusercontent.com";
    private static final JsonMapper JSON = JsonMapper.shared();

    @TempDir
    Path tmp;

    Map<String, String> env;

    @BeforeEach
    void home() {
        env = Cli.env(tmp);
    }

    /** One case of the suite (layout: conformance/sigstore/README.md). */
    record Case(String name, Path dir) {
        boolean mustFail() {
            return name.endsWith("_fail");
        }

        Path bundle() {
            return dir.resolve("bundle.sigstore.json");
        }

        Path artifact() {
            Path own = dir.resolve("artifact");
            return Files.exists(own) ? own : CASES.resolve("a.txt");
        }

        Optional<Path> optional(String file) {
            Path p = dir.resolve(file);
            return Files.exists(p) ? Optional.of(p) : Optional.empty();
        }

        String read(String file, String otherwise) {
            return optional(file)
                    .map(p -> {
                        try {
                            return Files.readString(p, StandardCharsets.UTF_8).strip();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .orElse(otherwise);
        }

        /** The command line the conformance suite would run, minus the artifact. */
        List<String> args(boolean withTrustedRoot) {
            List<String> a = new ArrayList<>(List.of("verify-bundle", "--bundle", bundle().toString()));
            Optional<Path> key = optional("key.pub");
            if (key.isPresent()) {
                a.addAll(List.of("--key", key.get().toString()));
            } else {
                a.addAll(List.of(
                        "--certificate-identity",
                        read("identity", DEFAULT_IDENTITY),
                        "--certificate-oidc-issuer",
                        read("issuer", DEFAULT_ISSUER)));
            }
            if (withTrustedRoot) {
                optional("trusted_root.json").ifPresent(r -> a.addAll(List.of("--trusted-root", r.toString())));
            }
            return a;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        try (Stream<Path> dirs = Files.list(CASES)) {
            return dirs.filter(Files::isDirectory)
                    .sorted()
                    .map(d -> new Case(d.getFileName().toString(), d))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Case named(String name) {
        return cases().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    static String digestOf(Path file) throws IOException {
        return "sha256:" + TrustCommandsTest.sha256(file);
    }

    Cli.Run animus(List<String> args) {
        return Cli.runWith(env, "", args.toArray(String[]::new));
    }

    Cli.Run animus(String... args) {
        return Cli.runWith(env, "", args);
    }

    private static List<String> plus(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    private static void assertOutcome(Case c, Cli.Run r) {
        if (c.mustFail()) {
            // the one case whose trusted root is broken is the operator's error (exit 2), not a verdict
            int expected = c.name().startsWith("trust-root-") ? ExitCodes.USAGE : ExitCodes.VERIFICATION_FAILED;
            assertEquals(expected, r.exitCode(), c + " must be rejected:\n" + r.out() + r.err());
            assertTrue(r.errLine().startsWith("error: verify-bundle: "), r.err());
            assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.err());
            assertEquals("", r.out());
        } else {
            assertEquals(ExitCodes.OK, r.exitCode(), c + " must verify:\n" + r.err());
            assertTrue(r.out().startsWith("verified: "), r.out());
            assertEquals("", r.err());
        }
    }

    @Test
    void theSuiteIsThere() {
        assertTrue(cases().size() >= 50, "conformance cases found: " + cases().size());
    }

    @ParameterizedTest(name = "{0} (file)")
    @MethodSource("cases")
    void eachCaseWithTheArtifactFile(Case c) {
        Cli.Run r = animus(plus(c.args(true), c.artifact().toString()));
        assertOutcome(c, r);
        if (!c.mustFail()) {
            assertTrue(r.out().contains(c.artifact().toString()), r.out());
        }
    }

    @ParameterizedTest(name = "{0} (sha256:)")
    @MethodSource("cases")
    void eachCaseWithTheArtifactDigest(Case c) throws IOException {
        String digest = digestOf(c.artifact());
        Cli.Run r = animus(plus(c.args(true), digest));
        assertOutcome(c, r);
        if (!c.mustFail()) {
            assertTrue(r.out().contains(digest), r.out());
        }
    }

    @Nested
    class Output {
        @Test
        void aCertificateSignatureNamesTheIdentityIssuerTimeAndLogEntry() {
            Case c = named("happy-path-v0.3");
            Cli.Run r = animus(plus(c.args(true), c.artifact().toString()));
            assertEquals(0, r.exitCode(), r.err());
            String line = r.out().strip();
            assertEquals(1, line.lines().count(), line);
            assertTrue(
                    line.matches("verified: \\S+ signed by " + Pattern.quote(DEFAULT_IDENTITY)
                            + " \\(issuer " + Pattern.quote(DEFAULT_ISSUER) + "\\) at \\S+Z; logged in"
                            + " https://\\S+ entry \\d+"),
                    line);
        }

        @Test
        void aKeySignatureNamesTheKeyFile() {
            Case c = named("managed-key-happy-path");
            Cli.Run r = animus(plus(c.args(true), c.artifact().toString()));
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("signed by the key " + c.dir().resolve("key.pub")), r.out());
        }

        @Test
        void aRejectionNamesTheReason() {
            Cli.Run r = animus(
                    "verify-bundle",
                    "--bundle",
                    named("happy-path-v0.3").bundle().toString(),
                    "--certificate-identity",
                    "https://example.com/someone-else",
                    "--certificate-oidc-issuer",
                    DEFAULT_ISSUER,
                    CASES.resolve("a.txt").toString());
            assertEquals(3, r.exitCode());
            assertTrue(r.errLine().startsWith("error: verify-bundle: identity-mismatch: "), r.err());
        }

        @Test
        void anIdentityRegexpMatchesTheWholeIdentity() {
            Case c = named("happy-path-v0.3");
            List<String> base = List.of(
                    "verify-bundle", "--bundle", c.bundle().toString(), "--certificate-oidc-issuer", DEFAULT_ISSUER);
            Cli.Run ok = animus(plus(
                    base,
                    "--certificate-identity-regexp",
                    "https://github\\.com/sigstore-conformance/.*",
                    c.artifact().toString()));
            assertEquals(0, ok.exitCode(), ok.err());
            Cli.Run prefixOnly = animus(plus(
                    base,
                    "--certificate-identity-regexp",
                    "https://github\\.com/",
                    c.artifact().toString()));
            assertEquals(3, prefixOnly.exitCode(), prefixOnly.out());
        }

        @Test
        void jsonOnSuccess() throws IOException {
            Case c = named("happy-path-v0.3");
            Cli.Run r = animus(plus(c.args(true), c.artifact().toString(), "--json"));
            assertEquals(0, r.exitCode(), r.err());
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("animus.verify-bundle.v1", doc.path("schema").asString());
            assertTrue(doc.path("verified").asBoolean());
            assertEquals(c.artifact().toString(), doc.path("artifact").asString());
            assertEquals(digestOf(c.artifact()), "sha256:" + doc.path("sha256").asString());
            assertEquals(c.bundle().toString(), doc.path("bundle").asString());
            assertEquals("built-in", doc.path("trusted_root").asString());
            assertEquals("built-in", doc.path("trusted_root_source").asString());
            assertEquals("certificate", doc.path("signer").asString());
            assertEquals(DEFAULT_IDENTITY, doc.path("identity").asString());
            assertEquals(DEFAULT_ISSUER, doc.path("issuer").asString());
            assertTrue(doc.path("key").isNull());
            assertTrue(doc.path("signed_at").asString().endsWith("Z"), doc.toString());
            assertTrue(doc.path("verified_times").isArray()
                    && !doc.path("verified_times").isEmpty());
            JsonNode entry = doc.path("log_entries").path(0);
            assertTrue(entry.path("log_url").asString().startsWith("https://"), entry.toString());
            assertTrue(entry.path("log_index").canConvertToLong(), entry.toString());
            assertEquals(64, entry.path("log_id").asString().length(), entry.toString());
            assertFalse(entry.path("kind").asString().isEmpty());
        }

        @Test
        void jsonForAKey() throws IOException {
            Case c = named("managed-key-and-trusted-root");
            Cli.Run r = animus(plus(c.args(true), c.artifact().toString(), "--json"));
            assertEquals(0, r.exitCode(), r.err());
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("key", doc.path("signer").asString());
            assertEquals(c.dir().resolve("key.pub").toString(), doc.path("key").asString());
            assertTrue(doc.path("identity").isNull());
            assertEquals(
                    c.dir().resolve("trusted_root.json").toString(),
                    doc.path("trusted_root").asString());
            assertEquals("option", doc.path("trusted_root_source").asString());
        }

        @Test
        void jsonOnRejection() throws IOException {
            Case c = named("signature-mismatch_fail");
            Cli.Run r = animus(plus(c.args(true), c.artifact().toString(), "--json"));
            assertEquals(3, r.exitCode());
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("animus.verify-bundle.v1", doc.path("schema").asString());
            assertFalse(doc.path("verified").asBoolean(true));
            assertTrue(doc.path("reason").asString().matches("[a-z]+(-[a-z0-9]+)*"), doc.toString());
            assertFalse(doc.path("message").asString().isEmpty());
            assertTrue(
                    r.errLine()
                            .startsWith("error: verify-bundle: "
                                    + doc.path("reason").asString() + ": "),
                    r.err());
        }

        @Test
        void helpHasAnExample() {
            Cli.Run r = animus("verify-bundle", "--help");
            assertEquals(0, r.exitCode());
            assertTrue(r.out().contains("Examples:") && r.out().contains("animus verify-bundle --bundle"), r.out());
            assertTrue(
                    r.out().contains("--certificate-identity-regexp")
                            && r.out().contains("--trusted-root")
                            && r.out().contains("ANIMUS_SIGSTORE_TRUSTED_ROOT"),
                    r.out());
        }
    }

    @Nested
    class TrustedRootFromTheEnvironment {
        final Case c = named("rekor2-dsse-happy-path");

        @Test
        void theEnvironmentVariableIsHonoured() {
            env.put(
                    VerifyBundleCommand.TRUSTED_ROOT_ENV,
                    c.dir().resolve("trusted_root.json").toString());
            Cli.Run r = animus(plus(c.args(false), CASES.resolve("a.txt").toString(), "--json"));
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("\"trusted_root_source\": \"environment\""), r.out());
        }

        @Test
        void withoutItTheBuiltInRootDoesNotKnowThatLog() {
            Cli.Run r = animus(plus(c.args(false), CASES.resolve("a.txt").toString()));
            assertEquals(3, r.exitCode(), r.out());
        }

        @Test
        void theOptionWinsOverTheEnvironment() {
            env.put(
                    VerifyBundleCommand.TRUSTED_ROOT_ENV,
                    tmp.resolve("no-such-root.json").toString());
            Cli.Run r = animus(plus(c.args(true), CASES.resolve("a.txt").toString()));
            assertEquals(0, r.exitCode(), r.err());
        }

        @Test
        void anUnreadableRootFromTheEnvironmentIsAUsageError() {
            env.put(
                    VerifyBundleCommand.TRUSTED_ROOT_ENV,
                    tmp.resolve("no-such-root.json").toString());
            Cli.Run r = animus(plus(c.args(false), CASES.resolve("a.txt").toString()));
            assertUsage(r, "ANIMUS_SIGSTORE_TRUSTED_ROOT");
        }

        @Test
        void aRootThatIsNotATrustedRootIsAUsageErrorNotAVerdict() throws IOException {
            Path broken = Files.writeString(tmp.resolve("broken-root.json"), "{\"tlogs\": 1}");
            env.put(VerifyBundleCommand.TRUSTED_ROOT_ENV, broken.toString());
            Cli.Run r = animus(plus(c.args(false), CASES.resolve("a.txt").toString()));
            assertUsage(r, "broken-root.json");
        }
    }

    @Nested
    class UsageErrors {
        final Case c = named("happy-path-v0.3");
        final String artifact = CASES.resolve("a.txt").toString();
        final List<String> base =
                List.of("verify-bundle", "--bundle", c.bundle().toString());

        @Test
        void aKeyAndAnIdentity() {
            assertUsage(
                    animus(plus(
                            base,
                            "--key",
                            named("managed-key-happy-path")
                                    .dir()
                                    .resolve("key.pub")
                                    .toString(),
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            artifact)),
                    "exclude each other");
        }

        @Test
        void neitherKeyNorIdentity() {
            assertUsage(animus(plus(base, artifact)), "--certificate-identity");
        }

        @Test
        void anIdentityWithoutIssuer() {
            assertUsage(
                    animus(plus(base, "--certificate-identity", DEFAULT_IDENTITY, artifact)),
                    "--certificate-oidc-issuer");
        }

        @Test
        void anIdentityAndARegexp() {
            assertUsage(
                    animus(plus(
                            base,
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-identity-regexp",
                            ".*",
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            artifact)),
                    "exclude each other");
        }

        @Test
        void anInvalidRegexp() {
            assertUsage(
                    animus(plus(
                            base,
                            "--certificate-identity-regexp",
                            "(",
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            artifact)),
                    "--certificate-identity-regexp");
        }

        @Test
        void badDigests() {
            for (String bad : List.of(
                    "sha256:abc",
                    "sha256:" + "g".repeat(64),
                    "sha256:" + "a".repeat(65),
                    "sha256:",
                    "sha256: " + "a".repeat(63))) {
                assertUsage(
                        animus(plus(
                                base,
                                "--certificate-identity",
                                DEFAULT_IDENTITY,
                                "--certificate-oidc-issuer",
                                DEFAULT_ISSUER,
                                bad)),
                        "not a digest");
            }
        }

        @Test
        void anUppercaseDigestIsFine() throws IOException {
            String upper = "sha256:"
                    + digestOf(c.artifact()).substring("sha256:".length()).toUpperCase(Locale.ROOT);
            Cli.Run r = animus(plus(c.args(true), upper));
            assertEquals(0, r.exitCode(), r.err());
        }

        @Test
        void aMissingBundle() {
            assertUsage(
                    animus(
                            "verify-bundle",
                            "--bundle",
                            tmp.resolve("nope.json").toString(),
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            artifact),
                    "nope.json");
        }

        @Test
        void noBundleOption() {
            assertUsage(
                    animus(
                            "verify-bundle",
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            artifact),
                    "--bundle");
        }

        @Test
        void aMissingArtifact() {
            assertUsage(
                    animus(plus(
                            base,
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            tmp.resolve("gone.txt").toString())),
                    "gone.txt");
        }

        @Test
        void aBadKey() throws IOException {
            Path pem = Files.writeString(
                    tmp.resolve("bad.pub"), "-----BEGIN CERTIFICATE-----\nAAAA\n" + "-----END CERTIFICATE-----\n");
            assertUsage(animus(plus(base, "--key", pem.toString(), artifact)), "bad.pub");
            Path junk = Files.writeString(tmp.resolve("junk.pub"), "not a key\n");
            assertUsage(animus(plus(base, "--key", junk.toString(), artifact)), "junk.pub");
        }

        @Test
        void aMissingTrustedRoot() {
            assertUsage(
                    animus(plus(
                            base,
                            "--certificate-identity",
                            DEFAULT_IDENTITY,
                            "--certificate-oidc-issuer",
                            DEFAULT_ISSUER,
                            "--trusted-root",
                            tmp.resolve("root.json").toString(),
                            artifact)),
                    "root.json");
        }
    }

    static void assertUsage(Cli.Run r, String mentions) {
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.err());
        assertTrue(r.errLine().contains(mentions), r.err());
        assertEquals("", r.out());
    }
}
