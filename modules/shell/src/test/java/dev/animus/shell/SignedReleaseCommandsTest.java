package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Digests;
import dev.animus.fetch.Platform;
import dev.animus.shell.render.Terminal;
import dev.animus.testhttps.LoopbackHttps;
import dev.animus.testhttps.TestCa;
import dev.animus.testsigstore.TestSigstore;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code plugin install owner/repo --signature-policy …} as an operator sees it: a release signed
 * through a Sigstore made at test time (its trusted root given by ANIMUS_SIGSTORE_TRUSTED_ROOT),
 * served by a loopback HTTPS server that plays GitHub; the outcome in the summary, in
 * {@code plugin inspect} and in the lockfile.
 */
class SignedReleaseCommandsTest {
    static final String REPO = "animus-plugin-pyecho";
    static final String IDENTITY =
            "https://github.com/acme/" + REPO + "/.github/workflows/release.yml@refs/tags/v1.0.0";

    @TempDir
    Path root;

    LoopbackHttps github;
    Map<String, String> env;
    TestSigstore sigstore;
    String asset;
    byte[] archive;

    @BeforeEach
    void setUp() throws Exception {
        github = LoopbackHttps.start();
        sigstore = TestSigstore.create(Instant.now().minusSeconds(30));
        Path trustedRoot = Files.writeString(root.resolve("trusted_root.json"), sigstore.trustedRootJson());
        env = Cli.env(root);
        env.put("ANIMUS_GITHUB_API", github.uri("/api").toString());
        env.put("ANIMUS_CA_CERTS", TestCa.caPem().toString());
        env.put("ANIMUS_SIGSTORE_TRUSTED_ROOT", trustedRoot.toString());
        env.put("TMPDIR", Files.createDirectories(root.resolve("tmp")).toString());
        Files.createDirectories(root.resolve("project"));
        Path dir = Files.createTempDirectory(root, "src");
        Path exe = TrustCommandsTest.pyecho(dir, "");
        Path tgz = root.resolve(REPO + ".tar.gz");
        Process p = new ProcessBuilder(
                        "tar",
                        "-czf",
                        tgz.toString(),
                        "-C",
                        dir.toString(),
                        exe.getFileName().toString())
                .redirectErrorStream(true)
                .start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertEquals(0, p.waitFor());
        archive = Files.readAllBytes(tgz);
        Platform platform = Platform.current();
        asset = REPO + "-" + platform.osTokens().getFirst() + "-"
                + platform.archTokens().getFirst() + ".tar.gz";
    }

    @AfterEach
    void tearDown() {
        github.close();
    }

    /** Release v1.0.0 with the archive and, when {@code bundle} is not null, {@code <asset>.sigstore.json}. */
    void publish(String bundle) {
        String dl = "/dl/" + asset;
        github.route(dl, LoopbackHttps.bytes(archive));
        StringBuilder assets = new StringBuilder("{\"name\": \"" + asset + "\", \"browser_download_url\": \""
                + github.uri(dl) + "\", \"size\": " + archive.length + "}");
        if (bundle != null) {
            byte[] bytes = bundle.getBytes(StandardCharsets.UTF_8);
            github.route(dl + ".sigstore.json", LoopbackHttps.bytes(bytes));
            assets.append(", {\"name\": \"")
                    .append(asset)
                    .append(".sigstore.json\", \"browser_download_url\": \"")
                    .append(github.uri(dl + ".sigstore.json"))
                    .append("\", \"size\": ")
                    .append(bytes.length)
                    .append("}");
        }
        github.route(
                "/api/repos/acme/" + REPO + "/releases/latest",
                LoopbackHttps.json("{\"tag_name\": \"v1.0.0\", \"assets\": [" + assets + "]}"));
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    @Test
    void aSignedReleaseInstallsUnderStrictAndInspectAndTheLockfileShowTheSignature() {
        String bundle = sigstore.keyless(IDENTITY, "https://token.actions.githubusercontent.com")
                .bundle(archive);
        publish(bundle);
        Cli.Run install = animus(
                "plugin",
                "install",
                "acme/" + REPO,
                "--allow-org",
                "acme",
                "--signature-policy",
                "strict",
                "--no-trust");
        assertEquals(0, install.exitCode(), install.err());
        assertTrue(
                install.out()
                        .lines()
                        .anyMatch(l -> l.matches("\\s*signature\\s+verified by " + Pattern.quote(IDENTITY)
                                + ", bundle sha256 [0-9a-f]{64}")),
                install.out());
        assertFalse(install.err().contains("signature"), "a verified release is not warned about: " + install.err());

        Cli.Run inspect = animus("plugin", "inspect", "pyecho");
        assertTrue(inspect.out().contains("verified by " + IDENTITY), inspect.out());
        JsonNode json = Terminal.json()
                .readTree(animus("plugin", "inspect", "pyecho", "--json").out());
        assertEquals("verified", json.path("signature").asString());
        assertEquals(IDENTITY, json.path("signer").asString());
        String bundleSha256 = Digests.sha256Hex(bundle.getBytes(StandardCharsets.UTF_8));
        assertEquals(bundleSha256, json.path("signature_bundle_sha256").asString());

        Cli.Run lock = animus("plugin", "lock", "show");
        assertTrue(lock.out().lines().anyMatch(l -> l.startsWith("pyecho") && l.contains(" verified ")), lock.out());
        JsonNode locked = Terminal.json()
                .readTree(animus("plugin", "lock", "show", "--json").out());
        assertTrue(
                locked.toString().contains("\"signature_bundle_sha256\":\"" + bundleSha256 + "\""), locked.toString());
    }

    @Test
    void configTomlsSignaturePolicyIsTheDefaultAndTheFlagBeatsIt() {
        publish(null);
        assertEquals(
                0, animus("config", "set", "install.signature_policy", "strict").exitCode());
        Cli.Run strict = animus("plugin", "install", "acme/" + REPO, "--allow-org", "acme", "--no-trust");
        assertEquals(3, strict.exitCode(), "strict from config.toml refuses the unsigned release: " + strict.err());
        assertTrue(strict.errLine().contains("no signature bundle"), strict.err());
        assertFalse(Files.exists(root.resolve("home/state/state.json")), "nothing installed");
        Cli.Run oneStep = animus("plugin", "install", "acme/" + REPO, "--allow-org", "acme", "--yes");
        assertEquals(3, oneStep.exitCode(), "the one-step install takes config.toml's policy too: " + oneStep.err());
        assertTrue(oneStep.errLine().contains("no signature bundle"), oneStep.err());

        Cli.Run flag = animus(
                "plugin", "install", "acme/" + REPO, "--allow-org", "acme", "--signature-policy", "warn", "--no-trust");
        assertEquals(0, flag.exitCode(), flag.err());
        assertTrue(flag.out().lines().anyMatch(l -> l.matches("\\s*signature\\s+unsigned")), flag.out());
    }

    @Test
    void anUnsignedReleaseIsRefusedUnderStrictInOneLineAndWarnedAboutByDefault() {
        publish(null);
        Cli.Run strict = animus(
                "plugin",
                "install",
                "acme/" + REPO,
                "--allow-org",
                "acme",
                "--signature-policy",
                "strict",
                "--no-trust");
        assertEquals(3, strict.exitCode(), strict.err());
        assertEquals(1, strict.err().lines().filter(l -> l.startsWith("error:")).count(), strict.err());
        assertTrue(
                strict.errLine().contains("no signature bundle")
                        && strict.errLine().contains("--signature-policy warn"),
                strict.err());
        assertFalse(Files.exists(root.resolve("home/state/state.json")), "nothing installed");

        Cli.Run warned = animus("plugin", "install", "acme/" + REPO, "--allow-org", "acme", "--no-trust");
        assertEquals(0, warned.exitCode(), warned.err());
        assertTrue(warned.err().contains("no signature bundle"), warned.err());
        assertTrue(warned.out().lines().anyMatch(l -> l.matches("\\s*signature\\s+unsigned")), warned.out());
    }

    @Test
    void aReleaseSignedForAnotherRepositoryIsRecordedAsAnUntrustedSigner() {
        String other = IDENTITY.replace(REPO, "animus-plugin-other");
        publish(sigstore.keyless(other, "https://token.actions.githubusercontent.com")
                .bundle(archive));
        Cli.Run warned = animus("plugin", "install", "acme/" + REPO, "--allow-org", "acme", "--json", "--no-trust");
        assertEquals(0, warned.exitCode(), warned.err());
        JsonNode json = Terminal.json().readTree(warned.out());
        assertEquals("untrusted_signer", json.path("signature").asString());
        assertEquals(other, json.path("signer").asString());
        assertTrue(json.path("warnings").toString().contains("someone other than"), json.toString());
    }

    @Test
    void aPolicyIsOneOfThreeWordsAndOnlyForReleases() {
        Cli.Run bogus = animus("plugin", "install", "acme/" + REPO, "--signature-policy", "maybe");
        assertEquals(2, bogus.exitCode());
        assertTrue(bogus.err().contains("strict, warn or disabled"), bogus.err());
        Cli.Run local =
                animus("plugin", "install", "--path", root.resolve("x").toString(), "--signature-policy", "strict");
        assertEquals(2, local.exitCode());
        assertTrue(local.errLine().contains("release installs"), local.err());
    }
}
