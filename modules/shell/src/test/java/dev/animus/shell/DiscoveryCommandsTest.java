package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code plugin list | info | ping | call | cache} over a prepared ANIMUS_HOME. */
class DiscoveryCommandsTest {
    @TempDir
    Path root;

    Path home;
    Map<String, String> env;

    @BeforeEach
    void home() throws IOException {
        home = Files.createDirectories(root.resolve("home"));
        env = Cli.env(root);
        Files.createDirectories(home.resolve("plugins"));
        Files.createSymbolicLink(home.resolve("plugins/animus-plugin-echo"), Path.of(Cli.echo()));
        // a command naming --project-root binds its plugins to it: the project must exist
        Files.createDirectories(root.resolve("project"));
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    static Path script(Path dir, String name, String body) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    static String manifest(String name) {
        return "{\"name\":\"" + name + "\",\"version\":\"2.0.1\",\"plugin_kind\":\"custom\",\"description\":\"\","
                + "\"protocol_version\":\"1.1.0\"}";
    }

    @Nested
    class List_ {
        @Test
        void threeGoodPluginsInThreeSourcesAndTwoBrokenOnesGiveThreeRowsAndTwoWarnings() throws IOException {
            Path project = root.resolve("project/.animus/plugins");
            script(
                    project,
                    "animus-plugin-proj",
                    "[ \"$1\" = --manifest ] && printf '%s' '" + manifest("proj") + "'\n");
            Path tools = root.resolve("tools");
            Path reg = script(
                    tools, "registered-thing", "[ \"$1\" = --manifest ] && printf '%s' '" + manifest("reg") + "'\n");
            Files.writeString(home.resolve("plugins.toml"), "[plugins.reg]\npath = \"" + reg + "\"\n");
            script(project, "animus-plugin-crashy", "echo 'cannot find config.yaml' >&2; exit 3\n");
            script(home.resolve("plugins"), "animus-plugin-liar", "echo 'this is not json'\n");
            for (Path p : List.of(
                    project.resolve("animus-plugin-proj"),
                    reg,
                    project.resolve("animus-plugin-crashy"),
                    home.resolve("plugins/animus-plugin-liar"),
                    home.resolve("plugins/animus-plugin-echo"))) {
                assertEquals(0, animus("plugin", "trust", p.toString(), "--yes").exitCode(), "trust " + p);
            }

            Cli.Run r = animus("plugin", "list", "--json");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode doc = Terminal.json().readTree(r.out());
            assertEquals("animus.plugin.list.v1", doc.path("schema").asString());
            List<String> names = doc.path("plugins")
                    .valueStream()
                    .map(p -> p.path("name").asString())
                    .toList();
            assertEquals(List.of("reg", "proj", "echo"), names);
            List<String> sources = doc.path("plugins")
                    .valueStream()
                    .map(p -> p.path("source").asString())
                    .toList();
            assertEquals(List.of("registry", "project", "global"), sources);
            assertEquals(2, doc.path("warnings").size(), doc.toString());
            assertEquals(
                    2, r.err().lines().filter(l -> l.startsWith("warning: ")).count(), r.err());
            assertTrue(r.err().contains("cannot find config.yaml"), r.err());
        }

        @Test
        void theSeedsPluginsYamlIsListedAndIgnoredWithAWarningWhenPluginsTomlExists() throws IOException {
            Path reg = script(
                    root.resolve("tools"),
                    "seed-thing",
                    "[ \"$1\" = --manifest ] && printf '%s' '" + manifest("seed") + "'\n");
            assertEquals(0, animus("plugin", "trust", reg.toString(), "--yes").exitCode());
            Files.writeString(home.resolve("plugins.yaml"), "plugins:\n  seed:\n    path: " + reg + "\n");
            Cli.Run r = animus("plugin", "list");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(
                    r.out().lines().anyMatch(l -> l.matches("seed +2\\.0\\.1 +custom +not installed +registry +.*")),
                    r.out());
            assertTrue(r.err().lines().noneMatch(l -> l.contains("plugins.yaml")), r.err());

            Files.writeString(home.resolve("plugins.toml"), "");
            Cli.Run both = animus("plugin", "list");
            assertTrue(both.out().lines().noneMatch(l -> l.startsWith("seed ")), both.out());
            assertEquals(
                    1,
                    both.err()
                            .lines()
                            .filter(l -> l.startsWith("warning: ") && l.contains("plugins.yaml"))
                            .count(),
                    both.err());
            assertTrue(
                    both.err().contains("ignored: " + home.resolve("plugins.toml") + " is the registry read"),
                    both.err());
        }

        @Test
        void theTableHasOneRowPerPluginUnderAHeader() {
            animus("plugin", "trust", home.resolve("plugins/animus-plugin-echo").toString(), "--yes");
            Cli.Run r = animus("plugin", "list");
            assertEquals(0, r.exitCode(), r.err());
            List<String> lines = r.out().lines().toList();
            assertEquals(2, lines.size(), r.out());
            assertTrue(lines.get(0).matches("NAME +VERSION +KIND +STAGE +SOURCE +PATH"), lines.get(0));
            assertTrue(lines.get(1).matches("echo +0\\.1\\.0 +custom +not installed +global +~?/.*"), lines.get(1));
        }

        @Test
        void anUntrustedBinaryIsARowThatSaysSoAndIsNotRun() throws IOException {
            Path marker = root.resolve("ran");
            script(root.resolve("project/.animus/plugins"), "animus-plugin-evil", "touch '" + marker + "'\n");
            Cli.Run r = animus("plugin", "list");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("evil +- +- +untrusted +project +~?/.*")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("echo +- +- +untrusted +global +~?/.*")), r.out());
            assertTrue(r.err().contains("animus plugin install --path "), r.err());
            assertTrue(!Files.exists(marker), "listing ran an untrusted binary");
        }
    }

    @Nested
    class ByName {
        @BeforeEach
        void installEcho() {
            for (String[] step : new String[][] {
                {"plugin", "install", "--path", Cli.echo(), "--trust", "--yes"},
                {"plugin", "consent", "echo", "--yes"},
                {"plugin", "enable", "echo"}
            }) {
                Cli.Run r = animus(step);
                assertEquals(0, r.exitCode(), String.join(" ", step) + ": " + r.err());
            }
        }

        @Test
        void callPingAndInfoFindThePluginByName() {
            Cli.Run call = animus("plugin", "call", "echo", "echo", "--params", "{\"text\":\"by name\"}");
            assertEquals(0, call.exitCode(), call.err());
            assertEquals(
                    "by name", Terminal.json().readTree(call.out()).path("text").asString());
            assertTrue(animus("plugin", "ping", "echo").out().startsWith("pong from echo"));
            Cli.Run info = animus("plugin", "info", "echo", "--json");
            assertEquals(0, info.exitCode(), info.err());
            JsonNode doc = Terminal.json().readTree(info.out());
            assertEquals("installed", doc.path("source").asString());
            assertEquals("echo", doc.path("manifest").path("name").asString());
            assertEquals(
                    "echo",
                    doc.path("initialize_result")
                            .path("plugin_info")
                            .path("name")
                            .asString());
        }

        @Test
        void inAScriptInfoLeavesThePluginUsableForTheNextCommand() {
            String project = root.resolve("project").toString();
            Cli.Run r = Cli.runWith(
                    env,
                    "--project-root " + project + " plugin info echo\n" + "--project-root " + project
                            + " plugin call echo echo --params '{\"after\": \"info\"}'\n");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("\"after\": \"info\""), r.out());
        }

        @Test
        void anUnknownNameFailsSayingHowToFindAndInstallOne() {
            Cli.Run r = animus("plugin", "call", "ehco", "echo");
            assertEquals(2, r.exitCode());
            assertTrue(
                    r.errLine().contains("no plugin named 'ehco' is installed")
                            && r.errLine().contains("animus plugin install --path"),
                    r.err());
        }

        @Test
        void aPluginFoundButNotInstalledIsNamedWithTheInstallCommand() throws IOException {
            Path other = script(root.resolve("project/.animus/plugins"), "animus-plugin-other", "exit 0\n");
            Cli.Run r = animus("plugin", "call", "other", "echo");
            assertEquals(2, r.exitCode());
            assertTrue(
                    r.errLine().contains("plugin other is not installed")
                            && r.errLine().contains("animus plugin install --path " + other),
                    r.err());
        }
    }

    @Nested
    class Cache {
        @Test
        void listShowsWhatDiscoveryCachedAndClearEmptiesIt() {
            animus("plugin", "trust", home.resolve("plugins/animus-plugin-echo").toString(), "--yes");
            animus("plugin", "list");
            Cli.Run list = animus("plugin", "cache", "list", "--json");
            assertEquals(0, list.exitCode(), list.err());
            JsonNode entries = Terminal.json().readTree(list.out()).path("entries");
            assertEquals(1, entries.size(), list.out());
            assertEquals("echo", entries.get(0).path("name").asString());
            Cli.Run clear = animus("plugin", "cache", "clear");
            assertEquals(0, clear.exitCode());
            assertTrue(clear.out().contains("removed 1 cached manifest"), clear.err());
            assertEquals(
                    0,
                    Terminal.json()
                            .readTree(
                                    animus("plugin", "cache", "list", "--json").out())
                            .path("entries")
                            .size());
        }
    }
}
