package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Abstention;
import dev.animus.core.AgentScope;
import dev.animus.core.CommandRiskPolicy;
import dev.animus.core.Fix;
import dev.animus.core.HookDecision;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.InstallationRefused;
import dev.animus.core.RiskLevel;
import dev.animus.hooks.HookRegistration;
import dev.animus.hooks.HookRun;
import dev.animus.install.AnimusHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Hooks through the application API with the real hostile hook plugin installed, trusted,
 * consented and enabled through the store: advice weighed by policy, abstentions with their
 * reasons, one handler per hook per agent, registrations sealed again after a change.
 */
class HooksTest {
    @TempDir
    Path dir;

    private Animus animus;
    private Plugins plugins;

    static Path hostile(Path dir, String name) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-hook-hostile");
        Files.createDirectories(dir);
        Path p = dir.resolve(name); // installed under its file name
        Files.writeString(
                p,
                Files.readString(src)
                        .replace("NAME = os.environ.get(\"NAME\", \"hostile\")", "NAME = \"" + name + "\""));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @BeforeEach
    void install() throws IOException {
        AnimusHome home = Installs.home(dir);
        Installs.ready(home, hostile(dir.resolve("src"), "hostile"));
        animus = Animus.open(home.paths(), home.callerEnvironment());
        plugins = Plugins.start(TestPlugins.HELLO);
    }

    @AfterEach
    void stop() {
        plugins.close();
    }

    private static CommandRiskPolicy.Decision risk(HookRun run) {
        return ((HookDecision.CommandRisk) run.decision()).decision();
    }

    @Test
    void adviceIsWeighedAndHostileAnswersAbstain() {
        Hooks hooks = animus.hooks(plugins, "default", Optional.empty());
        HookRun ls = hooks.run(new HookInput.Command("ls -la"), Optional.empty());
        assertInstanceOf(HookOutcome.Answered.class, ls.outcome(), ls::toString);
        assertEquals(Optional.of("hostile"), ls.plugin());
        assertEquals(RiskLevel.READ_ONLY, risk(ls).level());
        assertEquals(CommandRiskPolicy.DecidedBy.PLUGIN, risk(ls).by());
        HookRun rm = hooks.run(new HookInput.Command("rm -rf /"), Optional.empty());
        assertEquals(RiskLevel.HIGH_RISK, risk(rm).level(), "advice cannot lower rm -rf /");
        assertEquals(CommandRiskPolicy.DecidedBy.HOST_PATTERN, risk(rm).by());
        HookRun extra = hooks.run(new HookInput.Command("mode:extra ls"), Optional.empty());
        Abstention a = ((HookOutcome.Abstained) extra.outcome()).abstention();
        assertEquals(Abstention.Reason.EXTRA_FIELDS, a.reason(), a.detail());
        assertTrue(a.detail().contains("'approve'"), a.detail());
        assertEquals(CommandRiskPolicy.DecidedBy.BUILTIN, risk(extra).by());
        // a second agent's session is its own: no plugin is enabled for it
        HookRun other =
                animus.hooks(plugins, "bob", Optional.empty()).run(new HookInput.Command("ls"), Optional.empty());
        assertEquals(
                Abstention.Reason.NO_HANDLER,
                ((HookOutcome.Abstained) other.outcome()).abstention().reason());
    }

    @Test
    void aSecondClaimantIsRefusedForOneAgentAndWorksForAnother() throws IOException {
        Path second = hostile(dir.resolve("src2"), "rival");
        InstallationRefused e =
                assertThrows(InstallationRefused.class, () -> Installs.ready(Installs.home(dir), second));
        assertEquals(InstallationRefused.Reason.HOOK_CONFLICT, e.reason());
        assertTrue(e.getMessage().startsWith("plugin rival answers hook "), e.getMessage());
        assertTrue(e.getMessage().contains("which plugin hostile already answers for agent default"), e.getMessage());
        assertEquals(List.of(new Fix.Disable("hostile", new AgentScope.One("default"))), e.fixes());

        animus.enable("rival", new AgentScope.One("bob"));
        Hooks bob = animus.hooks(plugins, "bob", Optional.empty());
        assertEquals(Optional.of("rival"), bob.list().registrations().getFirst().plugin());
        assertEquals(
                Optional.of("rival"),
                bob.run(new HookInput.Command("ls"), Optional.empty()).plugin());
        Hooks def = animus.hooks(plugins, "default", Optional.empty());
        assertEquals(
                Optional.of("hostile"),
                def.run(new HookInput.Command("ls"), Optional.empty()).plugin());

        // a change of the state seals the registrations again: hostile off, rival on for default
        animus.disable("hostile", new AgentScope.One("default"));
        animus.enable("rival", new AgentScope.One("default"));
        List<HookRegistration> regs = def.list().registrations();
        assertEquals(HookId.values().length, regs.size());
        regs.forEach(r -> assertEquals(Optional.of("rival"), r.plugin(), r::toString));
    }

    @Test
    void eventsGoToTheObservers() {
        Hooks hooks = animus.hooks(plugins, "default", Optional.empty());
        assertEquals(15, hooks.list().observers().size());
        assertEquals(
                List.of("hostile"),
                hooks.event("tool-start", JsonNodeFactory.instance.objectNode()).queued());
        assertThrows(
                IllegalArgumentException.class, () -> hooks.event("tool-begin", JsonNodeFactory.instance.objectNode()));
    }

    @Test
    void aRequiredSecretThatIsSetNowhereIsAnAbstentionNamingIt() throws IOException {
        AnimusHome home = Installs.home(dir.resolve("secretive"));
        Path src = hostile(dir.resolve("src3"), "secretive");
        Files.writeString(
                src,
                Files.readString(src)
                        .replace(
                                "\"capabilities\": [\"$/ping\"],",
                                "\"capabilities\": [\"$/ping\"], \"secrets\": [{\"name\": \"hook.token\", \"required\": True}],"));
        Installs.ready(home, src);
        Animus other = Animus.open(home.paths(), home.callerEnvironment());
        try (Plugins own = Plugins.start(TestPlugins.HELLO)) {
            HookRun run =
                    other.hooks(own, "default", Optional.empty()).run(new HookInput.Command("ls"), Optional.empty());
            Abstention a = ((HookOutcome.Abstained) run.outcome()).abstention();
            assertEquals(Abstention.Reason.MISSING_SECRET, a.reason(), a.detail());
            assertTrue(a.detail().contains("hook.token"), a.detail());
            assertEquals(CommandRiskPolicy.DecidedBy.BUILTIN, risk(run).by());
        }
    }

    @Test
    void anAgentRunsLifecycleReachesTheObserver() throws Exception {
        AnimusHome home = Installs.home(dir.resolve("observed"));
        Installs.ready(home, hostile(dir.resolve("src4"), "observer"));
        Installs.ready(home, AgentsTest.flaky(dir.resolve("src5"), "flaky", true));
        Path log = dir.resolve("events.jsonl");
        java.util.Map<String, String> caller = new java.util.HashMap<>(home.callerEnvironment());
        caller.put("ANIMUS_HOOK_EVENTS", log.toString());
        Animus observed = Animus.open(home.paths(), caller);
        try (Plugins own = Plugins.start(TestPlugins.HELLO)) {
            RunningAgent run = observed.agents(own, "default", Optional.empty())
                    .run(dev.animus.providers.AgentRequest.of("flaky", "events"), e -> {});
            assertEquals(0, run.await().exitCode());
            List<String> expected =
                    List.of("session-start", "user-prompt", "tool-start", "tool-end", "run-complete", "session-end");
            List<String> seen = awaitEvents(log, expected.size());
            assertEquals(expected, seen);
            String text = Files.readString(log);
            assertTrue(text.contains("\"prompt\":\"events\""), text);
            assertTrue(text.contains("\"tool\":\"ls\",\"server\":\"fs\""), text);
            assertTrue(text.contains("\"control_session_id\":\"" + run.controlSessionId() + "\""), text);
        }
    }

    /** The event names of the first {@code n} lines the observer wrote, waiting for them (WatchService, no sleep). */
    private static List<String> awaitEvents(Path log, int n) throws Exception {
        try (var watch = log.getFileSystem().newWatchService()) {
            log.getParent()
                    .register(
                            watch,
                            java.nio.file.StandardWatchEventKinds.ENTRY_CREATE,
                            java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY);
            long end = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
            while (!Files.exists(log) || Files.readAllLines(log).size() < n) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("fewer than " + n + " events in " + log);
                }
                watch.poll(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            }
        }
        tools.jackson.databind.json.JsonMapper json =
                tools.jackson.databind.json.JsonMapper.builder().build();
        List<String> names = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            names.add(json.readTree(line).path("event").asString());
        }
        return names;
    }
}
