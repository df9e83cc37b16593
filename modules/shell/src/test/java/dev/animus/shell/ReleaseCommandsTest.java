package dev.animus.shell;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.fetch.Platform;
import dev.animus.shell.render.Terminal;
import dev.animus.testhttps.LoopbackHttps;
import dev.animus.testhttps.TestCa;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code plugin install owner/repo} and {@code trust-orgs} against a loopback HTTPS server that plays GitHub. */
class ReleaseCommandsTest {
    @TempDir
    Path root;

    LoopbackHttps github;
    Map<String, String> env;
    Path tmp;

    @BeforeEach
    void setUp() throws Exception {
        github = LoopbackHttps.start();
        tmp = Files.createDirectories(root.resolve("tmp"));
        env = Cli.env(root);
        env.put("ANIMUS_GITHUB_API", github.uri("/api").toString());
        env.put("ANIMUS_CA_CERTS", TestCa.caPem().toString());
        env.put("TMPDIR", tmp.toString());
        Files.createDirectories(root.resolve("project"));
        publish("acme", "animus-plugin-pyecho");
        publish("acme", "animus-plugin-other");
    }

    @AfterEach
    void tearDown() {
        github.close();
    }

    /** A release v1.0.0 of {@code owner/repo}: a tar.gz of the Python example for this platform, with an API digest. */
    void publish(String owner, String repo) throws Exception {
        Path dir = Files.createTempDirectory(root, "src");
        Path exe = TrustCommandsTest.pyecho(dir, "# " + repo + "\n");
        Path tgz = root.resolve(repo + ".tar.gz");
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
        byte[] bytes = Files.readAllBytes(tgz);
        Platform platform = Platform.current();
        String asset = repo + "-" + platform.osTokens().getFirst() + "-"
                + platform.archTokens().getFirst() + ".tar.gz";
        String path = "/dl/" + repo + "/" + asset;
        github.route(path, LoopbackHttps.bytes(bytes));
        github.route(
                "/api/repos/" + owner + "/" + repo + "/releases/latest",
                LoopbackHttps.json("{\"tag_name\": \"v1.0.0\", \"assets\": [{\"name\": \"" + asset
                        + "\", \"browser_download_url\": \""
                        + github.uri(path) + "\", \"size\": " + bytes.length + ", \"digest\": \"sha256:"
                        + TrustCommandsTest.sha256(tgz) + "\"}]}"));
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    @Test
    void anUnknownOwnerIsRefusedWithoutATerminalNamingTheFlagAndNothingChanges() throws IOException {
        Cli.Run r = animus("plugin", "install", "acme/animus-plugin-pyecho");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.errLine().contains("--allow-org acme"), r.err());
        assertTrue(!Files.exists(root.resolve("home/state/state.json"))
                && !Files.exists(root.resolve("home/plugins.lock")));
        assertEquals(List.of(), github.requests(), "nothing was fetched before the owner was trusted");
        try (var s = Files.list(tmp)) {
            assertEquals(0, s.count(), "nothing left in TMPDIR");
        }
    }

    @Test
    void allowOrgRecordsTheDecisionAndRevokeMakesTheNextInstallAskAgain() {
        Cli.Run first =
                animus("plugin", "install", "acme/animus-plugin-pyecho", "--allow-org", "acme", "--json", "--no-trust");
        assertEquals(0, first.exitCode(), first.err());
        JsonNode doc = Terminal.json().readTree(first.out());
        assertEquals("animus.plugin.install.v1", doc.path("schema").asString());
        assertEquals("pyecho", doc.path("name").asString());
        assertEquals("github", doc.path("source").asString());
        assertEquals("acme/animus-plugin-pyecho", doc.path("origin").asString());
        assertEquals("v1.0.0", doc.path("tag").asString());
        assertTrue(doc.path("sha256_verified").asBoolean());

        Cli.Run list = animus("trust-orgs", "list");
        assertTrue(list.out().lines().anyMatch(l -> l.matches("acme +allow-org +\\d{4}-.*Z")), list.out());
        assertEquals(
                0,
                animus("plugin", "install", "acme/animus-plugin-other", "--no-trust")
                        .exitCode(),
                "acme is trusted now");

        assertEquals(0, animus("trust-orgs", "revoke", "acme").exitCode());
        animus("plugin", "remove", "other", "--yes");
        Cli.Run again = animus("plugin", "install", "acme/animus-plugin-other", "--no-trust");
        assertEquals(2, again.exitCode(), again.err());
        assertTrue(again.errLine().contains("--allow-org acme"), again.err());
    }

    /** A release whose asset does not have the digest the API publishes: the install fails verification. */
    void publishTampered(String owner, String repo) throws Exception {
        publish(owner, repo);
        Platform platform = Platform.current();
        String asset = repo + "-" + platform.osTokens().getFirst() + "-"
                + platform.archTokens().getFirst() + ".tar.gz";
        github.route("/dl/" + repo + "/" + asset, LoopbackHttps.bytes("not the release".getBytes(UTF_8)));
    }

    @Test
    void aFailedInstallLeavesTheOwnerUntrusted() throws Exception {
        publishTampered("evil", "animus-plugin-tampered");
        for (List<String> how : List.of(
                List.of("--allow-org", "evil", "--no-trust"),
                List.of("--allow-org", "evil", "--trust", "--yes"),
                List.of("--yes"))) {
            List<String> args = new ArrayList<>(List.of("plugin", "install", "evil/animus-plugin-tampered"));
            args.addAll(how);
            Cli.Run r = animus(args.toArray(String[]::new));
            assertEquals(3, r.exitCode(), how + ": " + r.err());
            assertFalse(r.err().contains("trusted GitHub owner"), how + ": " + r.err());
            Cli.Run list = animus("trust-orgs", "list", "--json");
            assertFalse(list.out().contains("evil"), how + ": the owner stays untrusted: " + list.out());
        }
        assertEquals(
                0,
                animus("plugin", "install", "acme/animus-plugin-pyecho", "--yes")
                        .exitCode());
        assertTrue(animus("trust-orgs", "list", "--json").out().contains("acme"), "a successful one records it");
    }

    @Test
    void aUrlNeedsItsDigestAndHttps() {
        Cli.Run noDigest =
                animus("plugin", "install", "--url", github.uri("/x.tar.gz").toString());
        assertEquals(2, noDigest.exitCode());
        assertTrue(noDigest.errLine().contains("--sha256"), noDigest.err());
        Cli.Run http = animus("plugin", "install", "--url", "http://example.com/x", "--sha256", "a".repeat(64));
        assertEquals(2, http.exitCode());
        assertTrue(http.errLine().contains("https"), http.err());
    }
}
