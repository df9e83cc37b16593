package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.HostHello;
import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Homes;
import dev.animus.runtime.Plugins;
import dev.animus.shell.render.Terminal;
import dev.animus.store.OrgDecision;
import dev.animus.store.TrustedOrgs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/**
 * {@code --json} is honoured or refused by every command: each leaf of the whole tree, run with
 * {@code --json} through a plugin's life in one home, prints exactly one JSON document in a
 * versioned envelope on stdout, or (a command that prints no data) is refused with exit 2 naming
 * {@code --json}. A new command fails this test until it is given a step here.
 */
class JsonEverywhereTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path project;

    /** One command line: the command it runs (its path below {@code animus}), its words, stdin, exit code. */
    record Step(String command, List<String> words, String stdin, int exit, boolean refused, boolean lines) {
        Step(String command, List<String> words, String stdin, int exit, boolean refused) {
            this(command, words, stdin, exit, refused, false);
        }
    }

    static Step json(String command, int exit, String... words) {
        return new Step(command, List.of(words), "", exit, false);
    }

    /** A command that prints one compact document a line (a stream: {@code daemon events}, {@code daemon logs}). */
    static Step lines(String command, int exit, String... words) {
        return new Step(command, List.of(words), "", exit, false, true);
    }

    static Step refused(String command, String... words) {
        return new Step(command, List.of(words), "", ExitCodes.USAGE, true);
    }

    /** Every leaf command of the whole tree, by its path below {@code animus}; aliases once. */
    static Set<String> leaves() {
        Terminal quiet = new Terminal(
                System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        Set<String> out = new TreeSet<>();
        try (var host = Plugins.start(HostHello.animus("test"))) {
            Cli.inOwnHome(env -> {
                collect(Main.commandLine(ShellContext.oneShot(quiet, env, host)), out);
                return null;
            });
        }
        return out;
    }

    private static void collect(CommandLine cmd, Set<String> into) {
        Set<CommandLine> subs = new LinkedHashSet<>(cmd.getSubcommands().values());
        if (subs.isEmpty()) {
            into.add(cmd.getCommandSpec().qualifiedName().substring("animus ".length()));
        }
        subs.forEach(sub -> collect(sub, into));
    }

    @Test
    void everyCommandPrintsOneJsonDocumentOrRefusesJson() throws IOException {
        env = Cli.env(root);
        env.put("ANIMUS_KEYRING", "file");
        env.put("DEMO_API_KEY", "demo-key");
        env.put("TMPDIR", Files.createDirectories(root.resolve("tmp")).toString());
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(root).toString());
        project = Files.createDirectories(root.resolve("project"));
        Path v1 = SecretsHandOffTest.demoPlugin(root.resolve("v1"));
        Path v2 = root.resolve("v2").resolve(v1.getFileName());
        Files.createDirectories(v2.getParent());
        Files.writeString(v2, Files.readString(v1) + "# version two\n");
        v2.toFile().setExecutable(true);
        Path examples = root.resolve("examples");
        TourCommandTest.echoExample(examples);
        String echo = Cli.echo();
        Path flaky = AgentCommandsTest.flaky(root.resolve("flaky"));
        Path notes = SubjectCommandsTest.notes(root.resolve("notes"));
        VerifyBundleCommandTest.Case bundle = VerifyBundleCommandTest.named("happy-path-v0.3");
        List<String> verify = new ArrayList<>(bundle.args(true));
        verify.add(bundle.artifact().toString());

        List<Step> steps = List.of(
                // no role is served and the built-in defaults.toml has no default yet
                json("daemon preflight", 2, "daemon", "preflight"),
                json("plugin install-defaults", 0, "plugin", "install-defaults"),
                json("plugin install", 0, "plugin", "install", "--path", v1.toString(), "--no-trust"),
                json("plugin inspect", 0, "plugin", "inspect", "pyecho"),
                json("plugin trust", 0, "plugin", "trust", "pyecho", "--yes"),
                json("plugin consent", 0, "plugin", "consent", "pyecho", "--yes"),
                json("plugin enable", 0, "plugin", "enable", "pyecho"),
                json("plugin list", 0, "plugin", "list"),
                json("plugin info", 0, "plugin", "info", "pyecho"),
                json("plugin ping", 0, "plugin", "ping", "pyecho"),
                json("plugin call", 0, "plugin", "call", "pyecho", "echo"),
                json("plugin status", 0, "plugin", "status"),
                // reset knows the plugins this process ran: a script runs one first
                new Step("plugin reset", List.of(), "plugin ping pyecho\nplugin reset pyecho --json\n", 0, false),
                json("plugin doctor", 0, "plugin", "doctor"),
                json("plugin lock verify", 0, "plugin", "lock", "verify"),
                json("plugin lock show", 0, "plugin", "lock", "show"),
                json("plugin lock prune", 0, "plugin", "lock", "prune", "--dry-run"),
                json("plugin state repair", 0, "plugin", "state", "repair"),
                json("plugin cache list", 0, "plugin", "cache", "list"),
                json("plugin cache clear", 0, "plugin", "cache", "clear"),
                new Step("secret set", List.of("secret", "set", "pyecho", "api_key"), "demo-key\n", 0, false),
                json("secret status", 0, "secret", "status", "pyecho"),
                json("secret forget", 0, "secret", "forget", "pyecho", "api_key"),
                json("trust-orgs list", 0, "trust-orgs", "list"),
                json("trust-orgs revoke", 0, "trust-orgs", "revoke", "acme"),
                json("verify-bundle", 0, verify.toArray(String[]::new)),
                json("plugin install", 0, "plugin", "install", "--path", flaky.toString(), "--trust", "--yes"),
                json("plugin consent", 0, "plugin", "consent", "flaky", "--yes"),
                json("plugin enable", 0, "plugin", "enable", "flaky"),
                json("agent providers", 0, "agent", "providers"),
                lines("agent run", 0, "agent", "run", "--provider", "flaky", "--prompt", "events"),
                json("agent cancel", 1, "agent", "cancel", "no-such-session"),
                json("plugin install", 0, "plugin", "install", "--path", notes.toString(), "--trust", "--yes"),
                json("plugin consent", 0, "plugin", "consent", "notes", "--yes"),
                json("plugin enable", 0, "plugin", "enable", "notes"),
                json("subject kinds", 0, "subject", "kinds"),
                json("subject create", 0, "subject", "create", "--kind", "note", "--title", "t"),
                json("subject list", 0, "subject", "list"),
                // each line is a process of its own, and the backend keeps its notes in memory: note:1 is gone
                json("subject get", 1, "subject", "get", "note:1"),
                json("subject update", 1, "subject", "update", "note:1", "--status", "done"),
                json("subject status", 1, "subject", "status", "note:1", "done"),
                json("subject next", 1, "subject", "next", "--kind", "note"),
                json("subject delete", 1, "subject", "delete", "note:1", "--yes"),
                // a watch runs until Ctrl-C: one of a kind no backend serves ends at once, with its error document
                json("subject watch", 2, "subject", "watch", "--kind", "nope"),
                json("subject wait", 1, "subject", "wait", "note:1"),
                json("plugin dev ping", 0, "plugin", "dev", echo, "ping"),
                json("plugin dev info", 0, "plugin", "dev", echo, "info"),
                json("plugin dev call", 0, "plugin", "dev", echo, "call", "echo"),
                json("plugin conformance", 0, "plugin", "conformance", echo, "--only", "ping"),
                json(
                        "plugin new",
                        0,
                        "plugin",
                        "new",
                        "fresh",
                        "--kind",
                        "custom",
                        "--dir",
                        root.resolve("new").toString()),
                json("plugin update", 0, "plugin", "update", "pyecho", "--path", v2.toString(), "--no-trust"),
                json("plugin rollback", 0, "plugin", "rollback", "pyecho"),
                json("plugin disable", 0, "plugin", "disable", "pyecho"),
                json("plugin remove", 0, "plugin", "remove", "pyecho", "--yes"),
                json("config set", 0, "config", "set", "table.width", "100"),
                json("config get", 0, "config", "get", "table.width"),
                json("config list", 0, "config", "list"),
                json("config unset", 0, "config", "unset", "table.width"),
                json("tour", 0, "tour", "--examples", examples.toString()),
                json("plugin install-defaults", 0, "plugin", "install-defaults", "--yes"),
                json("daemon preflight", 2, "daemon", "preflight"),
                json("daemon start", 0, "daemon", "start", "--skip-preflight"),
                json("daemon status", 0, "daemon", "status"),
                json("daemon health", 0, "daemon", "health"),
                json("trigger status", 0, "trigger", "status"),
                // the daemon's sealed sessions answer: no plugin claims a hook here, the host decides
                json("hook run", 0, "hook", "run", "classify.command-risk", "--input", "{\"command\":\"ls\"}"),
                json("hook list", 0, "hook", "list"),
                json("hook event", 0, "hook", "event", "tool-start"),
                // no transport is installed here: both end at once with the error document naming the install
                json("web open", 1, "web", "open", "--print"),
                json("web serve", 1, "web", "serve"),
                lines("daemon events", 0, "daemon", "events"),
                lines("daemon logs", 0, "daemon", "logs", "-n", "5"),
                // one runs already: the refusal is the document
                json("daemon run", 1, "daemon", "run", "--skip-preflight"),
                json("daemon restart", 0, "daemon", "restart"),
                json("daemon stop", 0, "daemon", "stop"),
                json("daemon service print", 0, "daemon", "service", "print"),
                json("daemon service install", 0, "daemon", "service", "install"),
                json("daemon service uninstall", 0, "daemon", "service", "uninstall"),
                refused("help", "help", "plugin"),
                refused("completion", "completion", "bash"),
                refused("__complete", "__complete", "--", "plugin", ""),
                refused("train", "train", "--examples", examples.toString()));

        Set<String> covered = new TreeSet<>();
        steps.forEach(s -> covered.add(s.command()));
        assertEquals(leaves(), covered, "every leaf command has a step here");

        try {
            for (Step s : steps) {
                run(s);
            }
        } finally {
            Cli.runWith(env, "", "--project-root", project.toString(), "daemon", "stop"); // none outlives the test
        }
    }

    void run(Step s) {
        if (s.command().equals("trust-orgs revoke")) {
            var home = Homes.open(AnimusPaths.from(env, project), env);
            new TrustedOrgs(home.layout().trustedOrgs(), Duration.ofSeconds(10))
                    .record("acme", OrgDecision.ALLOW_ORG, Instant.now());
        }
        boolean script = s.words().isEmpty();
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        if (!script) {
            all.add("--json");
        }
        all.addAll(s.words());
        Cli.Run r = Cli.runWith(env, s.stdin(), all.toArray(String[]::new));
        String line = String.join(" ", all) + (script ? " < " + s.stdin() : "");
        assertEquals(s.exit(), r.exitCode(), line + ":\n" + r.err());
        if (s.refused()) {
            // the refusal is an error document (docs/cli.md#errors-a-program-can-read), not a result
            assertEquals(
                    "animus.error.v1",
                    Terminal.json().readTree(r.out()).path("schema").asString(),
                    line + ": " + r.out());
            assertTrue(r.errLine().contains("no --json form") && r.err().lines().count() == 1, line + ": " + r.err());
        } else if (s.lines()) {
            assertTrue(r.out().lines().count() > 0, line + ": no lines");
            r.out().lines().forEach(l -> {
                JsonNode doc = Terminal.json().readTree(l);
                assertEquals(Terminal.json().writeValueAsString(doc), l, line + ": one compact document a line");
                assertTrue(doc.path("schema").asString().matches("animus\\.[a-z.-]+\\.v1"), line + ": " + l);
            });
        } else {
            JsonNode doc = script
                    ? JsonGoldenTest.lastDocument(r.out())
                    : Terminal.json().readTree(r.out());
            assertTrue(
                    script
                            ? r.out().endsWith(JsonGoldenTest.pretty(doc))
                            : r.out().equals(JsonGoldenTest.pretty(doc)),
                    line + ": exactly one document:\n" + r.out());
            String schema = doc.path("schema").asString();
            assertTrue(schema.matches("animus\\.[a-z.-]+\\.v1"), line + ": " + schema);
        }
    }
}
