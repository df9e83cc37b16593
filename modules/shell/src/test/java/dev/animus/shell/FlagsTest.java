package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** "Did you mean", flags that do what they say, the seed's --json params, aliases and -q. */
class FlagsTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    @TempDir
    Path root;

    Map<String, String> env;
    Path project;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        project = Files.createDirectories(root.resolve("project"));
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, project, args);
    }

    /** The Python example installed, trusted, consented and enabled under its name pyecho. */
    void installPyecho() throws IOException {
        Path v1 = TrustCommandsTest.pyecho(root.resolve("v1"), "");
        for (String line : List.of(
                "plugin install --path " + v1 + " --trust --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho")) {
            Cli.Run r = animus(line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    @Nested
    class Suggestions {
        @Test
        void aMistypedCommandIsOneLineNamingTheNearestCommand() {
            Cli.Run r = animus("plugin", "lsit");
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(
                    "error: unknown command 'lsit'; did you mean 'list'? (try 'animus plugin --help')", r.errLine());
            assertEquals(1, r.err().lines().count(), r.err());
            assertEquals("", r.out());
            assertEquals(
                    "error: unknown command 'plugn'; did you mean 'plugin'? (try 'animus --help')",
                    animus("plugn", "list").errLine());
            assertEquals(
                    "error: unknown command 'xyzzy' (try 'animus plugin --help')",
                    animus("plugin", "xyzzy").errLine(),
                    "nothing near: no suggestion");
        }

        @Test
        void aMistypedOptionNamesTheNearestOptionOfThatCommand() {
            Cli.Run r = animus("plugin", "list", "--jsno");
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(
                    "error: unknown option '--jsno'; did you mean '--json'? (try 'animus plugin list --help')",
                    r.errLine());
            assertTrue(
                    animus("plugin", "install", "--pth=x").errLine().contains("did you mean '--path'?"),
                    "with a value attached");
        }

        @Test
        void aMistypedValueOfAFixedSetNamesTheNearestValue() {
            Cli.Run r = animus("completion", "bsah");
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(
                    r.errLine().contains("'bsah'")
                            && r.errLine().endsWith("did you mean 'bash'? (try 'animus completion --help')"),
                    r.errLine());
        }

        @Test
        void aMistypedPluginNameNamesTheNearestPluginAndTheUsualFix() throws IOException {
            Path plugins = Files.createDirectories(project.resolve(".animus/plugins"));
            Files.copy(Path.of(Cli.echo()), plugins.resolve("animus-plugin-echo"));
            Cli.Run r = animus("plugin", "call", "ehco", "echo");
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(
                    r.errLine().startsWith("error: no plugin named 'ehco' is installed; did you mean 'echo'?")
                            && r.errLine().contains("animus plugin install --path"),
                    r.errLine());
        }

        @Test
        void aMistypedInstalledNameNamesTheNearestInstalledPlugin() throws IOException {
            installPyecho();
            for (String command : List.of("enable", "inspect", "disable")) {
                Cli.Run r = animus("plugin", command, "pyehco");
                assertEquals(2, r.exitCode(), command + ": " + r.err());
                assertTrue(
                        r.errLine().contains("pyehco") && r.errLine().endsWith("; did you mean 'pyecho'?"),
                        command + ": " + r.errLine());
            }
        }

        @Test
        void aMistypedMethodNamesTheNearestDeclaredMethod() throws IOException {
            installPyecho();
            Cli.Run r = animus("plugin", "call", "pyecho", "ecoh");
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(
                    r.errLine().contains("did not disclose the method ecoh")
                            && r.errLine().endsWith("; did you mean 'echo'?"),
                    r.errLine());
            Cli.Run dev = animus("plugin", "dev", Cli.echo(), "call", "ecoh");
            assertEquals(1, dev.exitCode(), dev.err());
            assertTrue(
                    dev.errLine().contains("-32601") && dev.errLine().endsWith("; did you mean 'echo'?"),
                    dev.errLine());
        }
    }

    @Nested
    class Version {
        @Test
        void versionOnAnyCommandPrintsWhatTheTopPrints() {
            String top = animus("--version").out();
            assertTrue(top.startsWith("animus "), top);
            for (List<String> line : List.of(
                    List.of("plugin", "list", "--version"),
                    List.of("plugin", "--version"),
                    List.of("secret", "status", "-V"),
                    List.of("plugin", "dev", Cli.echo(), "call", "--version"))) {
                Cli.Run r = animus(line.toArray(String[]::new));
                assertEquals(0, r.exitCode(), line + ": " + r.err());
                assertEquals(top, r.out(), line.toString());
            }
        }
    }

    @Nested
    class Help {
        @Test
        void theGlobalOptionsAreListedOnceInTheTopHelpAndNamedOnEveryOtherPage() {
            String top = animus("--help").out();
            for (String option : List.of(
                    "--json", "-q, --quiet", "-v, --verbose", "--project-root", "--include-system-path", "--agent")) {
                assertTrue(top.contains(option), option + " in:\n" + top);
            }
            assertEquals(top, animus("help").out());
            String list = animus("plugin", "list", "--help").out();
            assertFalse(
                    list.lines()
                            .anyMatch(l ->
                                    l.matches("\\s+(-\\w, )?--(json|quiet|verbose|version|agent|project-root)\\b.*")),
                    "no global option in the option list:\n" + list);
            assertTrue(list.startsWith("Usage: animus plugin list [-h]\n"), list);
            assertTrue(list.contains(HelpText.GLOBAL_OPTIONS_LINE) && list.contains("-h, --help"), list);
            assertFalse(animus("--help").out().contains(HelpText.GLOBAL_OPTIONS_LINE), "not on the top page");
        }
    }

    @Nested
    class Params {
        @Test
        void paramsComeFromAFileAfterAnAtSign() throws IOException {
            Path p = Files.writeString(root.resolve("p.json"), "{\"f\":1}");
            Cli.Run r = animus("plugin", "dev", Cli.echo(), "call", "echo", "--params", "@" + p);
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(JSON.readTree("{\"f\":1}"), JSON.readTree(r.out()));
            Cli.Run missing =
                    animus("plugin", "dev", Cli.echo(), "call", "echo", "--params", "@" + root.resolve("nope"));
            assertEquals(2, missing.exitCode(), missing.err());
            assertEquals("error: --params @" + root.resolve("nope") + ": no such file", missing.errLine());
            assertFalse(missing.err().contains("untrusted"), "nothing was started");
        }

        @Test
        void anAtSignIsNoArgumentFileAnywhere() throws IOException {
            Path words = Files.writeString(root.resolve("words"), "list\n");
            Cli.Run r = animus("plugin", "@" + words);
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.errLine().contains("unknown command '@" + words + "'"), r.errLine());
        }

        @Test
        void jsonWithAValueOnACallIsTheParamsAndTheResultIsPlainJson() {
            Cli.Run r = animus("plugin", "dev", Cli.echo(), "call", "echo", "--json", "{\"a\":1}");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(JSON.readTree("{\"a\":1}"), JSON.readTree(r.out()));
            Cli.Run attached = animus("plugin", "dev", Cli.echo(), "call", "echo", "--json=[1,2]");
            assertEquals(0, attached.exitCode(), attached.err());
            assertEquals(JSON.readTree("[1,2]"), JSON.readTree(attached.out()));
            Cli.Run both = animus("plugin", "dev", Cli.echo(), "call", "echo", "--params", "{}", "--json", "{}");
            assertEquals(2, both.exitCode(), both.err());
            assertEquals("error: --params and --json JSON both give the params; give one", both.errLine());
        }

        @Test
        void jsonWithoutAValueOnACallStillMeansTheEnvelope() {
            Cli.Run r = animus("plugin", "dev", Cli.echo(), "call", "echo", "--json", "--params", "{\"a\":1}");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("animus.plugin.dev.call.v1", doc.path("schema").asString());
            assertEquals(JSON.readTree("{\"a\":1}"), doc.path("result"));
            Cli.Run last = animus("plugin", "dev", Cli.echo(), "call", "echo", "--json");
            assertEquals(
                    "animus.plugin.dev.call.v1",
                    JSON.readTree(last.out()).path("schema").asString());
        }

        @Test
        void theSeedsCallRunsAsWritten() throws IOException {
            installPyecho();
            Cli.Run r = animus("plugin", "call", "pyecho", "health/check", "--json", "{}");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode result = JSON.readTree(r.out());
            assertFalse(result.has("schema"), "the result itself, not an envelope: " + r.out());
            Cli.Run echo = animus("plugin", "call", "pyecho", "echo", "--json", "{\"text\":\"hi\"}");
            assertEquals(0, echo.exitCode(), echo.err());
            assertEquals(JSON.readTree("{\"text\":\"hi\"}"), JSON.readTree(echo.out()));
            Cli.Run envelope = animus("--json", "plugin", "call", "pyecho", "echo", "--params", "{\"text\":\"hi\"}");
            assertEquals(
                    "animus.plugin.call.v1",
                    JSON.readTree(envelope.out()).path("schema").asString());
        }
    }

    @Nested
    class Aliases {
        @Test
        void lsAndRmNameTheirCommands() throws IOException {
            installPyecho();
            Cli.Run list = animus("plugin", "list");
            assertEquals(0, list.exitCode(), list.err());
            assertEquals(list.out(), animus("plugin", "ls").out());
            assertEquals(0, animus("trust-orgs", "ls").exitCode());
            assertEquals(0, animus("plugin", "cache", "ls").exitCode());
            Cli.Run rm = animus("plugin", "rm", "pyecho", "--yes");
            assertEquals(0, rm.exitCode(), rm.err());
            assertTrue(
                    JSON.readTree(animus("plugin", "ls", "--json").out())
                            .path("plugins")
                            .isEmpty(),
                    "removed");
            String help = animus("plugin", "--help").out();
            assertTrue(help.contains("list, ls") && help.contains("remove, rm"), help);
        }

        @Test
        void completionOffersTheAliases() {
            Cli.Run r = animus("__complete", "--", "plugin", "");
            assertTrue(r.out().lines().anyMatch("ls"::equals) && r.out().lines().anyMatch("rm"::equals), r.out());
        }
    }

    @Nested
    class Quiet {
        @Test
        void quietLeavesOutNotesButKeepsWarningsAndResults() throws IOException {
            Path plugins = Files.createDirectories(project.resolve(".animus/plugins"));
            Files.copy(Path.of(Cli.echo()), plugins.resolve("animus-plugin-echo"));
            Cli.Run loud = animus("plugin", "list");
            assertTrue(loud.err().contains("untrusted plugins were not run"), loud.err());
            Cli.Run quiet = animus("plugin", "list", "-q");
            assertEquals(0, quiet.exitCode(), quiet.err());
            assertEquals(loud.out(), quiet.out());
            assertFalse(quiet.err().contains("untrusted plugins were not run"), quiet.err());
            Cli.Run dev = animus("--quiet", "plugin", "dev", Cli.echo(), "call", "echo");
            assertTrue(dev.err().contains("warning:"), "warnings stay: " + dev.err());
        }
    }
}
