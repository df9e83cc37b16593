package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code animus config get|set|unset|list} and the defaults of {@code <animus_home>/config.toml}
 * taking effect: the agent of enable and call, colour (the signature policy of installs is in
 * {@link SignedReleaseCommandsTest}).
 */
class ConfigCommandTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path config;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        config = root.resolve("home/config.toml");
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    JsonNode json(Cli.Run r) {
        assertEquals(0, r.exitCode(), r.err());
        return Terminal.json().readTree(r.out());
    }

    @Test
    void setGetListUnsetRoundTrip() throws IOException {
        assertEquals("default\n", animus("config", "get", "agent").out());
        Cli.Run set = animus("config", "set", "agent", "ci");
        assertEquals(0, set.exitCode(), set.err());
        assertEquals("set agent = ci in " + config + "\n", set.out());
        assertEquals("", set.err());
        assertEquals(
                PosixFilePermissions.fromString("rw-r--r--"), Files.getPosixFilePermissions(config), "as plugins.lock");
        assertEquals(0, animus("config", "set", "table.width", "100").exitCode());
        assertEquals(
                0, animus("config", "set", "install.signature_policy", "strict").exitCode());

        assertEquals("ci\n", animus("config", "get", "agent").out());
        assertEquals("100\n", animus("config", "get", "table.width").out());
        JsonNode list = json(animus("config", "list", "--json"));
        assertEquals("animus.config.list.v1", list.path("schema").asString());
        assertEquals(config.toString(), list.path("file").asString());
        assertEquals(4, list.path("keys").size());
        for (JsonNode k : list.path("keys")) {
            switch (k.path("key").asString()) {
                case "agent" -> {
                    assertEquals("ci", k.path("value").asString());
                    assertEquals("file", k.path("origin").asString());
                    assertTrue(k.path("source").asString().matches("config\\.toml line \\d+"), k.toString());
                }
                case "color" -> {
                    assertEquals("auto", k.path("value").asString());
                    assertEquals("default", k.path("origin").asString());
                }
                case "install.signature_policy" ->
                    assertEquals("strict", k.path("value").asString());
                case "table.width" -> assertEquals("100", k.path("value").asString());
                default -> throw new AssertionError("unexpected key " + k);
            }
        }
        String table = animus("config", "list").out();
        assertTrue(table.lines().anyMatch(l -> l.matches("agent\\s+ci\\s+config\\.toml line \\d+")), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("color\\s+auto\\s+built-in")), table);

        // the file is TOML a person can read and edit: a table per first part of a key
        String text = Files.readString(config);
        assertTrue(text.contains("agent = \"ci\"\n"), text);
        assertTrue(text.contains("[install]\nsignature_policy = \"strict\"\n"), text);
        assertTrue(text.contains("[table]\nwidth = 100\n"), text);

        Cli.Run unset = animus("config", "unset", "agent");
        assertEquals("unset agent; the built-in default is default\n", unset.out());
        assertEquals("default\n", animus("config", "get", "agent").out());
        assertEquals(
                "agent was not set; the built-in default is default\n",
                animus("config", "unset", "agent").out());
        assertEquals(
                "strict\n", animus("config", "get", "install.signature_policy").out(), "the others stay");
    }

    @Test
    void theFlagBeatsTheFileWhichBeatsTheBuiltInDefault() {
        assertEquals(
                "built-in",
                json(animus("config", "get", "agent", "--json")).path("source").asString());
        animus("config", "set", "agent", "ci");
        assertEquals(
                "file",
                json(animus("config", "get", "agent", "--json")).path("origin").asString());
        JsonNode flag = json(animus("--agent", "ops", "config", "get", "agent", "--json"));
        assertEquals("ops", flag.path("value").asString());
        assertEquals("flag", flag.path("origin").asString());
        assertEquals("--agent", flag.path("source").asString());
    }

    @Test
    void noColorInTheEnvironmentBeatsTheFile() {
        animus("config", "set", "color", "always");
        env.put("NO_COLOR", "1");
        JsonNode color = json(animus("config", "get", "color", "--json"));
        assertEquals("never", color.path("value").asString());
        assertEquals("environment", color.path("origin").asString());
        assertEquals("NO_COLOR", color.path("source").asString());
    }

    @Test
    void anInvalidValueOrKeyIsRefusedInOneLineAndTheFileIsUnchanged() throws IOException {
        animus("config", "set", "color", "never");
        byte[] before = Files.readAllBytes(config);
        for (List<String> bad : List.of(
                List.of("color", "purple"),
                List.of("install.signature_policy", "lenient"),
                List.of("table.width", "12"),
                List.of("table.width", "wide"),
                List.of("agent", "Not An Agent"))) {
            Cli.Run r = animus("config", "set", bad.get(0), bad.get(1));
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.errLine().contains("config key " + bad.get(0) + " cannot be '" + bad.get(1) + "'"), r.err());
            assertTrue(r.errLine().contains("allowed are "), r.err());
            assertArrayEquals(before, Files.readAllBytes(config), "unchanged after " + bad);
        }
        assertTrue(animus("config", "set", "color", "purple").errLine().contains("auto, always or never"));
        Cli.Run unknown = animus("config", "set", "colour", "never");
        assertEquals(2, unknown.exitCode());
        assertEquals(
                "error: unknown config key 'colour' (keys: agent, color, install.signature_policy, table.width)",
                unknown.errLine());
        assertArrayEquals(before, Files.readAllBytes(config));
    }

    @Test
    void aBrokenFileIsOneWarningNamingTheFileAndLineAndTheDefaultsApply() throws IOException {
        Files.createDirectories(config.getParent());
        for (String broken : List.of(
                "agent = \"ci\"\ncolor = purple\n", // not TOML
                "agent = \"ci\"\n\n[install]\nsignature_policy = \"lenient\"\n", // a value not allowed
                "agent = \"ci\"\ncolour = \"never\"\n")) { // an unknown key
            Files.writeString(config, broken);
            Cli.Run r = animus("config", "list", "--json");
            assertEquals(0, r.exitCode(), r.err());
            List<String> warnings = r.err().lines().toList();
            assertEquals(1, warnings.size(), r.err());
            assertTrue(warnings.getFirst().startsWith("warning: " + config + " line "), r.err());
            assertTrue(warnings.getFirst().endsWith("built-in defaults apply until it is fixed"), r.err());
            JsonNode list = Terminal.json().readTree(r.out());
            for (JsonNode k : list.path("keys")) {
                assertEquals("default", k.path("origin").asString(), "every key falls back: " + k);
            }
            assertEquals("default\n", animus("config", "get", "agent").out(), "the file's agent is not used");

            Cli.Run set = animus("config", "set", "agent", "ops");
            assertEquals(2, set.exitCode(), set.err());
            assertTrue(
                    set.errLine().contains(config.toString()) && set.errLine().endsWith("fix or remove it first"),
                    set.err());
            assertEquals(broken, Files.readString(config), "a broken file is never written over");
        }
        assertTrue(animus("config", "get", "agent").err().contains("line 2"), "the unknown key's line is named");
    }

    @Test
    void theConfiguredAgentIsTheAgentOfEnableAndCall() throws IOException {
        Path exe = TrustCommandsTest.pyecho(root.resolve("src"), "");
        assertEquals(
                0,
                animus("plugin", "install", "--path", exe.toString(), "--no-trust")
                        .exitCode());
        assertEquals(0, animus("plugin", "trust", "pyecho", "--yes").exitCode());
        assertEquals(0, animus("plugin", "consent", "pyecho", "--yes").exitCode());
        animus("config", "set", "agent", "ci");

        Cli.Run enable = animus("plugin", "enable", "pyecho");
        assertEquals(0, enable.exitCode(), enable.err());
        assertEquals("enabled pyecho for agent ci\n", enable.out());
        Cli.Run call = animus("plugin", "call", "pyecho", "echo", "--params", "{\"a\":1}");
        assertEquals(0, call.exitCode(), call.err());
        assertTrue(call.out().contains("\"a\": 1"), call.out());

        Cli.Run other = animus("--agent", "default", "plugin", "call", "pyecho", "echo", "--params", "{}");
        assertEquals(2, other.exitCode(), "the flag beats the config: not enabled for default");
        assertTrue(other.errLine().contains("not enabled for agent default"), other.err());

        animus("config", "unset", "agent");
        Cli.Run unset = animus("plugin", "call", "pyecho", "echo", "--params", "{}");
        assertEquals(2, unset.exitCode(), "back to the built-in agent, default: " + unset.err());
    }

    @Test
    void colourAlwaysPaintsIntoAPipeAndNoColorStillWins() {
        Cli.Run plain = animus("config", "get", "nope");
        assertEquals(
                "error: unknown config key 'nope' (keys: agent, color, install.signature_policy, table.width)",
                plain.err().strip());
        animus("config", "set", "color", "always");
        Cli.Run painted = animus("config", "get", "nope");
        assertTrue(painted.err().startsWith("\u001b[31merror:\u001b[0m unknown config key"), painted.err());
        env.put("NO_COLOR", "");
        Cli.Run off = animus("config", "get", "nope");
        assertFalse(off.err().contains("\u001b"), off.err());
    }
}
