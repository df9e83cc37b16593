package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus agent run|providers|cancel} through the real shell, with a real misbehaving
 * provider (the Python test provider): the streamed answer on stdout, JSON lines, a missing
 * provider's install command, and Ctrl-C in a process of its own.
 */
class AgentCommandsTest {
    private static final JsonMapper JSON = Terminal.json();

    @TempDir
    Path root;

    Map<String, String> env;

    static Path flaky(Path dir) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-provider-flaky");
        Files.createDirectories(dir);
        Path p = dir.resolve("animus-provider-flaky");
        Files.copy(src, p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @BeforeEach
    void install() throws IOException {
        env = Cli.env(root);
        Path plugin = flaky(root.resolve("plugin"));
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent flaky --yes",
                "plugin enable flaky")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    @Test
    void agentRunPrintsTheStreamedTextAndExitsWithTheProvidersCode() {
        Cli.Run r = Cli.runWith(env, "", "agent", "run", "--provider", "animus-provider-flaky", "--prompt", "stream 3");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("chunk-0 chunk-1 chunk-2 \n", r.out());
        assertTrue(r.err().contains("session "), r.err());
    }

    @Test
    void thePromptMayComeFromStdin() {
        Cli.Run r = Cli.runWith(env, "stream 2\n", "agent", "run", "--provider", "flaky", "--prompt", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("chunk-0 chunk-1 \n", r.out());
    }

    @Test
    void jsonIsOneVersionedEventALineEndingWithTheResult() {
        Cli.Run r = Cli.runWith(env, "", "--json", "agent", "run", "--provider", "flaky", "--prompt", "events");
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> lines = new ArrayList<>();
        r.out().lines().forEach(l -> lines.add(JSON.readTree(l)));
        List<String> types = lines.stream().map(l -> l.path("type").asString()).toList();
        assertEquals(
                List.of(
                        "started",
                        "thinking",
                        "tool_call",
                        "tool_result",
                        "error",
                        "metadata",
                        "metadata",
                        "output",
                        "result"),
                types);
        lines.forEach(
                l -> assertEquals("animus.agent.event.v1", l.path("schema").asString(), l.toString()));
        assertEquals(
                lines.getFirst().path("control_session_id"), lines.getLast().path("control_session_id"));
        assertEquals(0, lines.getLast().path("exit_code").asInt());
    }

    @Test
    void aMissingProviderExitsTwoNamingTheExactInstallCommand() {
        Cli.Run r = Cli.runWith(env, "", "agent", "run", "--provider", "oai", "--prompt", "hi");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(
                r.err().contains("no provider named 'oai' is installed")
                        && r.err().contains("animus plugin install-defaults --include-oai-agent"),
                r.err());
        assertEquals("", r.out());
    }

    @Test
    void aRunThatDiesAfterOutputKeepsTheOutputAndFails() {
        Cli.Run r = Cli.runWith(env, "", "agent", "run", "--provider", "flaky", "--prompt", "die-after");
        assertEquals(1, r.exitCode(), r.err());
        assertEquals("partial \n", r.out());
        assertTrue(r.err().contains("error:"), r.err());
    }

    @Test
    void aProviderClaimingAFirstPartyNameNeedsAllowShadowBuiltin() throws IOException {
        Path dir = Files.createDirectories(root.resolve("claude"));
        Path claude = dir.resolve("animus-provider-claude");
        Files.writeString(
                claude, Files.readString(flaky(root.resolve("src"))).replace("NAME = \"flaky\"", "NAME = \"claude\""));
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));
        Cli.Run refused = Cli.runWith(env, "", "plugin", "install", "--path", claude.toString(), "--trust", "--yes");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("--allow-shadow-builtin"), refused.err());
        for (String line : List.of(
                "plugin install --path " + claude + " --trust --yes --allow-shadow-builtin",
                "plugin consent claude --yes",
                "plugin enable claude")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        Cli.Run run =
                Cli.runWith(env, "", "agent", "run", "--provider", "animus-provider-claude", "--prompt", "stream 1");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("chunk-0 \n", run.out());
    }

    @Test
    void aRunThatOutlivesItsTimeoutExits124WithWhatItPrintedSoFar() {
        Cli.Run r =
                Cli.runWith(env, "", "agent", "run", "--provider", "flaky", "--prompt", "forever", "--timeout", "1s");
        assertEquals(124, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("started pid="), r.out());
    }

    @Test
    void providersListsTheInstalledProvider() {
        Cli.Run r = Cli.runWith(env, "", "agent", "providers");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("flaky") && r.out().contains("agent/cancel"), r.out());
        Cli.Run j = Cli.runWith(env, "", "--json", "agent", "providers");
        JsonNode doc = JSON.readTree(j.out());
        assertEquals("animus.agent.providers.v1", doc.path("schema").asString());
        assertEquals("flaky", doc.path("providers").path(0).path("provider").asString());
    }

    @Test
    void cancellingAnUnknownSessionSaysThereIsNothingToCancel() {
        Cli.Run r = Cli.runWith(env, "", "agent", "cancel", "nope");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("no active session nope; nothing to cancel"), r.err());
    }

    @Test
    void ctrlCSendsAgentCancelAndExits130OnceTheProviderConfirms() throws Exception {
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(root).toString());
        ProcessBuilder pb = new ProcessBuilder(
                        env.get("ANIMUS_LAUNCHER"), "agent", "run", "--provider", "flaky", "--prompt", "forever")
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(root.resolve("stderr").toFile());
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, root));
        Process p = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("started pid=")) {
                int c = out.read();
                assertTrue(c >= 0, "the run ended before it started: " + Files.readString(root.resolve("stderr")));
                seen.append((char) c);
            }
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "animus did not end after Ctrl-C");
            String err = Files.readString(root.resolve("stderr"));
            assertEquals(130, p.exitValue(), err);
            assertTrue(err.contains("cancelling session"), err);
            assertTrue(!err.contains("warning"), "the provider confirmed: " + err);
        } finally {
            p.destroyForcibly();
        }
    }
}
