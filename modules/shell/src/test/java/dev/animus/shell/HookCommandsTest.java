package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus hook run|list|event} with the real hostile hook plugin installed through the CLI,
 * through the project's daemon and in this process: the same outcomes, abstentions with their
 * reasons, the sleeper killed at the deadline, and a second claimant's enable refused naming both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HookCommandsTest {
    private static final JsonMapper JSON = Terminal.json();

    @TempDir
    static Path dir;

    Map<String, String> env;
    Path project;
    long daemon;

    static Path hostile(Path dir, String name) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-hook-hostile");
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(
                p,
                Files.readString(src)
                        .replace("NAME = os.environ.get(\"NAME\", \"hostile\")", "NAME = \"" + name + "\""));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @BeforeAll
    void installAndStartTheDaemon() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        for (String name : List.of("hostile", "rival")) {
            Path plugin = hostile(dir.resolve("src-" + name), name);
            for (String line : List.of(
                    "plugin install --path " + plugin + " --trust --yes", "plugin consent " + name + " --yes")) {
                Cli.Run r = Cli.runWith(env, "", line.split(" "));
                assertEquals(0, r.exitCode(), line + ": " + r.err());
            }
        }
        Cli.Run enabled = Cli.runWith(env, "", "plugin", "enable", "hostile");
        assertEquals(0, enabled.exitCode(), enabled.err());
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        daemon = Long.parseLong(m.group(1));
    }

    @AfterAll
    void stopTheDaemon() {
        Cli.inProject(env, project, "daemon", "stop");
        ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
    }

    private Cli.Run hook(boolean withDaemon, String... args) {
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        if (!withDaemon) {
            all.add("--no-daemon");
        }
        all.add("hook");
        all.addAll(List.of(args));
        return Cli.runWith(env, "", all.toArray(String[]::new));
    }

    private JsonNode json(boolean withDaemon, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--json"));
        all.addAll(List.of(args));
        Cli.Run r = hook(withDaemon, all.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void theSameOutcomesThroughTheDaemonAndInThisProcess() throws IOException {
        for (boolean withDaemon : new boolean[] {true, false}) {
            String where = withDaemon ? "daemon" : "this process";
            JsonNode extra =
                    json(withDaemon, "run", "classify.command-risk", "--input", "{\"command\":\"mode:extra ls\"}");
            assertEquals("hostile", extra.path("plugin").asString(), where);
            assertEquals("abstention", extra.path("outcome").path("type").asString(), where);
            assertEquals("extra_fields", extra.path("outcome").path("reason").asString(), where);
            assertEquals("builtin", extra.path("decision").path("by").asString(), where);
            JsonNode skills = json(
                    withDaemon,
                    "run",
                    "route.skills",
                    "--input",
                    "{\"request_text\":\"mode:unnormalised fix it\",\"skills\":[{\"name\":\"a\",\"description\":\"\"}]}");
            assertEquals("not_normalised", skills.path("outcome").path("reason").asString(), where);
            JsonNode listing = json(withDaemon, "list");
            for (JsonNode h : listing.path("hooks")) {
                assertEquals("hostile", h.path("plugin").asString(), where + ": " + h);
            }
            assertEquals(15, listing.path("events").size(), where);
            JsonNode event = json(withDaemon, "event", "tool-start", "--data", "{\"tool\":\"bash\"}");
            assertEquals("[\"hostile\"]", event.path("queued").toString(), where);
        }
    }

    @Test
    void peopleReadTheOutcomeAndTheDecision() {
        Cli.Run ls = hook(true, "run", "classify.command-risk", "--input", "{\"command\":\"ls -la\"}");
        assertEquals(0, ls.exitCode(), ls.err());
        assertTrue(ls.out().contains("plugin    hostile\n"), ls.out());
        assertTrue(
                ls.out().contains("outcome   answered: {\"read_only\":0.95,\"low_risk\":0.04,\"high_risk\":0.01}"),
                ls.out());
        assertTrue(ls.out().contains("decision  read_only (decided by plugin): the plugin says read_only"), ls.out());
        Cli.Run rm = hook(true, "run", "classify.command-risk", "--input", "{\"command\":\"rm -rf /\"}");
        assertTrue(rm.out().contains("decision  high_risk (decided by host_pattern)"), rm.out());
    }

    @Test
    void theSleeperIsKilledAtTheDeadline() throws IOException {
        Cli.Run r = hook(
                true,
                "--json",
                "run",
                "route.snapshot",
                "--input",
                "{\"request_text\":\"mode:sleep\",\"origin\":\"https://a.example\",\"elements\":[]}");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode run = JSON.readTree(r.out());
        assertEquals("timeout", run.path("outcome").path("reason").asString(), r.out());
        assertTrue(r.elapsed().compareTo(Duration.ofSeconds(20)) < 0, "answered at the deadline, not after the sleep");
    }

    @Test
    void badInputIsAUsageErrorNamingTheField() {
        Cli.Run r = hook(false, "run", "route.skills", "--input", "{\"request_text\":\"x\"}");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("route.skills input: field skills is missing"), r.err());
        Cli.Run unknown = hook(false, "run", "route.skill", "--input", "{}");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("'route.skill' is not a hook: use one of route.skills"), unknown.err());
        Cli.Run event = hook(false, "event", "tool-begin");
        assertEquals(ExitCodes.USAGE, event.exitCode());
        assertTrue(event.err().contains("'tool-begin' is not a lifecycle event"), event.err());
        Cli.Run notJson = hook(false, "run", "classify.command-risk", "--input", "{nope");
        assertEquals(ExitCodes.USAGE, notJson.exitCode());
        assertTrue(notJson.err().contains("--input is not JSON"), notJson.err());
    }

    @Test
    void aSecondClaimantIsRefusedNamingBothAndTheFix() {
        Cli.Run r = Cli.runWith(env, "", "plugin", "enable", "rival");
        assertEquals(ExitCodes.FAILED, r.exitCode(), r.out() + r.err());
        assertTrue(
                r.err()
                        .contains("plugin rival answers hook route.skills, which plugin hostile already answers"
                                + " for agent default"),
                r.err());
        assertTrue(r.err().contains("animus plugin disable hostile --agent default"), r.err());
        Cli.Run bob = Cli.runWith(env, "", "plugin", "enable", "rival", "--agent", "bob");
        assertEquals(0, bob.exitCode(), bob.err());
    }

    @Test
    void tabCompletesHooksAndEvents() {
        Cli.Run hooks = Cli.runWith(env, "", "__complete", "--", "--no-daemon", "hook", "run", "classify.");
        assertTrue(hooks.out().contains("classify.command-risk"), hooks.out());
        assertTrue(hooks.out().contains("classify.page"), hooks.out());
        assertTrue(!hooks.out().contains("route.skills"), hooks.out());
        Cli.Run events = Cli.runWith(env, "", "__complete", "--", "--no-daemon", "hook", "event", "tool-");
        assertTrue(events.out().contains("tool-start") && events.out().contains("tool-error"), events.out());
    }

    @Test
    void theInputComesFromStdinOrAFile() throws IOException {
        Cli.Run stdin = Cli.runWith(
                env,
                "{\"command\":\"git status\"}",
                "--project-root",
                project.toString(),
                "--json",
                "hook",
                "run",
                "classify.command-risk",
                "--input",
                "-");
        assertEquals(0, stdin.exitCode(), stdin.err());
        assertEquals(
                "read_only",
                JSON.readTree(stdin.out()).path("decision").path("level").asString(),
                stdin.out());
        Path file = Files.writeString(dir.resolve("input.json"), "{\"command\":\"rm -rf build\"}");
        Cli.Run fromFile = Cli.runWith(
                env,
                "",
                "--project-root",
                project.toString(),
                "--json",
                "hook",
                "run",
                "classify.command-risk",
                "--input",
                "@" + file);
        assertEquals(0, fromFile.exitCode(), fromFile.err());
        assertEquals(
                "high_risk",
                JSON.readTree(fromFile.out()).path("decision").path("level").asString());
        Cli.Run missing = hook(false, "run", "classify.command-risk", "--input", "@" + dir.resolve("nope.json"));
        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(missing.err().contains("--input @" + dir.resolve("nope.json") + ": cannot read it"), missing.err());
    }
}
