package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code animus} with commands on stdin: one host for the whole script, so plugins stay warm. */
class ScriptModeTest {

    @TempDir
    Path dir;

    static Cli.Run script(String... lines) {
        return Cli.runScript(String.join("\n", lines) + "\n");
    }

    static Cli.Run scriptWith(String option, String... lines) {
        return Cli.runScript(String.join("\n", lines) + "\n", option);
    }

    /** The JSON documents a script printed, in order (each starts at a line that is just "{"). */
    static List<JsonNode> documents(String out) {
        List<JsonNode> docs = new ArrayList<>();
        var parser = Terminal.json().readerFor(JsonNode.class).readValues(out);
        while (parser.hasNextValue()) {
            docs.add((JsonNode) parser.nextValue());
        }
        return docs;
    }

    static Path scriptPlugin(Path dir) throws IOException {
        return Cli.python(dir, "animus-plugin-fragile", """
                import json, sys
                for line in sys.stdin:
                    m = json.loads(line)
                    if "id" not in m:
                        continue
                    meth, i = m.get("method"), m["id"]
                    if meth == "initialize":
                        r = {"protocol_version": "1.1.0", "plugin_info": {"name": "fragile", "version": "1.0.0",
                             "plugin_kind": "custom"}, "capabilities": {"methods": ["echo", "die"]}}
                        print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
                    elif meth == "die":
                        print("fragile: giving up", file=sys.stderr, flush=True); sys.exit(9)
                    else:
                        print(json.dumps({"jsonrpc": "2.0", "id": i, "result": m.get("params", {})}), flush=True)
                """);
    }

    @Nested
    class WarmPlugins {
        @Test
        void aSecondCallInTheSameScriptReusesTheRunningPlugin() {
            String echo = Cli.echo();
            Cli.Run r = script(
                    "plugin dev " + echo + " call echo --params '{\"n\": 1}'",
                    "plugin status --json",
                    "plugin dev " + echo + " call echo --params '{\"n\": 2}'",
                    "plugin status animus-plugin-echo --json");
            assertEquals(0, r.exitCode(), r.err());
            List<JsonNode> docs = documents(r.out());
            assertEquals(4, docs.size(), r.out());
            assertEquals(1, docs.get(0).path("n").asInt());
            JsonNode first = docs.get(1).path("plugins").get(0);
            JsonNode second = docs.get(3).path("plugins").get(0);
            assertEquals("animus.plugin.status.v1", docs.get(1).path("schema").asString());
            assertEquals("ready", first.path("state").asString());
            assertEquals(first.path("pid").asLong(), second.path("pid").asLong(), "the second call spawned again");
            assertEquals(0, second.path("restarts").asInt());
            assertEquals(1, r.err().lines().filter(l -> l.contains("untrusted")).count(), "warned once: " + r.err());
        }

        @Test
        void aCrashThenACallThenStatusShowsTheRestartAndNoProcessOutlivesTheScript() throws Exception {
            Path p = scriptPlugin(dir);
            Cli.Run r = scriptWith(
                    "--keep-going",
                    "plugin dev " + p + " call echo --params '{\"a\": 1}'",
                    "plugin status --json",
                    "plugin dev " + p + " call die",
                    "plugin status --json",
                    "plugin dev " + p + " call echo --params '{\"a\": 2}'",
                    "plugin status --json");
            assertEquals(1, r.exitCode(), "the status of the failed call: " + r.err());
            assertTrue(r.errLine().contains("code 9") && r.errLine().contains("fragile: giving up"), r.err());
            List<JsonNode> docs = documents(r.out());
            assertEquals(5, docs.size(), r.out());
            JsonNode before = docs.get(1).path("plugins").get(0);
            JsonNode crashed = docs.get(2).path("plugins").get(0);
            JsonNode after = docs.get(4).path("plugins").get(0);
            assertEquals("ready", before.path("state").asString());
            assertEquals("crashed", crashed.path("state").asString());
            assertTrue(crashed.path("pid").isNull());
            assertEquals(2, crashed.path("crashes_in_window").asInt(), "the call was retried once: " + crashed);
            assertTrue(crashed.path("last_error").asString().contains("fragile: giving up"), crashed.toString());
            assertEquals("ready", after.path("state").asString());
            assertEquals(2, after.path("restarts").asInt(), after.toString());
            long pid = after.path("pid").asLong();
            assertTrue(pid != before.path("pid").asLong());
            assertFalse(
                    ProcessHandle.of(pid)
                            .map(h -> h.isAlive() && !CliTest.zombie(pid))
                            .orElse(false),
                    "plugin " + pid + " outlived the script");
        }
    }

    @Nested
    class GlobalOptions {
        @Test
        void theOptionsGivenToAnimusApplyToEveryLineUnlessTheLineNamesItsOwn() throws Exception {
            Path here = Files.createDirectories(dir.resolve("here/.animus/plugins"));
            Path there = Files.createDirectories(dir.resolve("there/.animus/plugins"));
            Files.copy(Path.of(Cli.echo()), here.resolve("animus-plugin-here"));
            Files.copy(Path.of(Cli.echo()), there.resolve("animus-plugin-there"));
            Cli.Run r = Cli.runScript(
                    String.join("\n", "plugin list", "plugin list --project-root " + dir.resolve("there")) + "\n",
                    "--json",
                    "--project-root",
                    dir.resolve("here").toString());
            assertEquals(0, r.exitCode(), r.err());
            List<JsonNode> docs = documents(r.out());
            assertEquals(2, docs.size(), "--json applies to every line: " + r.out());
            assertEquals(
                    "here", docs.get(0).path("untrusted").get(0).path("name").asString(), r.out());
            assertEquals(
                    "there", docs.get(1).path("untrusted").get(0).path("name").asString(), r.out());
        }
    }

    @Nested
    class Failures {
        @Test
        void theFirstFailingCommandStopsTheScriptWithItsStatus() {
            Cli.Run r = script("plugin dev /nonexistent/animus-plugin-x ping", "plugin status --json");
            assertEquals(2, r.exitCode());
            assertEquals("", r.out(), "nothing after the failure ran");
        }

        @Test
        void keepGoingRunsEverythingAndExitsWithTheLastFailure() {
            Cli.Run r = scriptWith(
                    "--keep-going",
                    "plugin dev /nonexistent/animus-plugin-x ping",
                    "plugin nope",
                    "plugin status --json");
            assertEquals(2, r.exitCode());
            assertEquals(
                    "animus.plugin.status.v1",
                    documents(r.out()).getFirst().path("schema").asString());
        }

        @Test
        void aQuotingErrorNamesTheLine() {
            Cli.Run r = script("# a comment", "", "plugin dev x call echo --params '{\"a\":1}");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().startsWith("error: line 3:") && r.errLine().contains("quote"), r.err());
        }

        @Test
        void paramsFromStdinAreRefusedBecauseStdinHoldsTheScript() {
            Cli.Run r = script("plugin dev " + Cli.echo() + " call echo --params -", "plugin status");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().contains("inline"), r.err());
        }

        @Test
        void exitEndsTheScriptEarlyWithTheStatusSoFar() {
            Cli.Run r = script("plugin status --json", "exit", "plugin nope");
            assertEquals(0, r.exitCode(), r.err());
        }

        @Test
        void aLeadingAnimusWordIsAccepted() {
            Cli.Run r = script("animus plugin status --json");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(0, documents(r.out()).getFirst().path("plugins").size());
        }
    }

    @Nested
    class OneShot {
        @Test
        void statusInAOneShotProcessSaysNothingHasRunAsItsResult() {
            Cli.Run r = Cli.run("plugin", "status");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals("", r.err());
            assertTrue(r.out().startsWith("no plugins have run in this process"), r.out());
        }

        @Test
        void statusOfAnUnknownPluginFailsNamingIt() {
            Cli.Run r = Cli.run("plugin", "status", "ghost");
            assertEquals(1, r.exitCode());
            assertTrue(r.errLine().contains("ghost"), r.err());
        }

        @Test
        void resetOfAnUnknownPluginFailsNamingIt() {
            Cli.Run r = Cli.run("plugin", "reset", "ghost");
            assertEquals(1, r.exitCode());
            assertTrue(r.errLine().contains("ghost"), r.err());
        }
    }
}
