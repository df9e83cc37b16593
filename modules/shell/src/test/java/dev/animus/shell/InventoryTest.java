package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code plugin list} as a complete inventory, and a path's trust that cannot break an installed plugin (issue 19, finding 4). */
class InventoryTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path v1;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project/.animus/plugins"));
        v1 = TrustCommandsTest.pyecho(root.resolve("v1"), "");
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    void ok(String line) {
        Cli.Run r = animus(line.split(" "));
        assertEquals(0, r.exitCode(), line + ": " + r.err());
    }

    static List<String> names(JsonNode rows) {
        return rows.valueStream().map(p -> p.path("name").asString()).toList();
    }

    @Test
    void oneBinaryInstalledUnderTwoNamesIsTwoRowsAndBothAreCallable() {
        for (String name : List.of("pyecho", "twin")) {
            ok("plugin install --path " + v1 + " --name " + name + " --trust --yes");
            ok("plugin consent " + name + " --yes");
            ok("plugin enable " + name);
        }
        Cli.Run json = animus("plugin", "list", "--json");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode doc = Terminal.json().readTree(json.out());
        assertEquals(
                List.of("pyecho", "twin"),
                names(doc.path("plugins")).stream().sorted().toList(),
                json.out());
        for (JsonNode row : doc.path("plugins")) {
            String other = row.path("name").asString().equals("pyecho") ? "twin" : "pyecho";
            assertEquals(other, row.path("same_bytes_as").get(0).asString(), row.toString());
        }
        Cli.Run table = animus("plugin", "list");
        assertTrue(table.out().lines().anyMatch(l -> l.startsWith("pyecho ")), table.out());
        assertTrue(table.out().lines().anyMatch(l -> l.startsWith("twin ")), table.out());
        for (String name : List.of("pyecho", "twin")) {
            assertEquals(0, animus("plugin", "call", name, "echo").exitCode(), name);
        }
    }

    @Test
    void trustingThePathOfAnInstalledPluginsBytesCannotBreakItAndNamesTheTrustThatWorks() {
        ok("plugin install --path " + v1 + " --no-trust");
        Cli.Run trust = animus("plugin", "trust", v1.toString(), "--yes");
        assertEquals(2, trust.exitCode(), trust.out() + trust.err());
        assertTrue(trust.errLine().contains("'animus plugin trust pyecho'"), trust.err());
        Cli.Run list = animus("plugin", "list");
        assertFalse(list.out().contains("no plugins installed or found"), list.out());
        assertTrue(list.out().lines().anyMatch(l -> l.matches("pyecho +.*untrusted.*")), list.out());
        Cli.Run doctor = animus("plugin", "doctor");
        assertFalse(doctor.out().contains("probe"), "no probe ran, and none is reported: " + doctor.out());
        ok("plugin trust pyecho --yes");
        JsonNode inspect = Terminal.json()
                .readTree(animus("plugin", "inspect", "pyecho", "--json").out());
        assertEquals("trusted", inspect.path("stage").asString());
        assertTrue(animus("plugin", "list").out().lines().anyMatch(l -> l.matches("pyecho +0\\.1\\.0 .*")));
    }

    @Test
    void aPathTrustedThenInstalledHasItsManifestRead() {
        ok("plugin trust " + v1 + " --yes");
        ok("plugin install --path " + v1 + " --no-trust");
        JsonNode inspect = Terminal.json()
                .readTree(animus("plugin", "inspect", "pyecho", "--json").out());
        assertEquals("trusted", inspect.path("stage").asString(), inspect.toString());
        Cli.Run doctor = animus("plugin", "doctor");
        assertTrue(doctor.out().contains("not consented"), doctor.out());
        assertFalse(doctor.out().contains("manifest has not been read"), doctor.out());
    }

    @Test
    void aDiscoveredCopyOfAnInstalledPluginSaysItHasTheSameBytes() throws IOException {
        ok("plugin install --path " + v1 + " --no-trust");
        Path twin = root.resolve("project/.animus/plugins/animus-plugin-twin");
        Files.copy(v1, twin);
        Cli.Run untrusted = animus("plugin", "list", "--json");
        JsonNode u = Terminal.json().readTree(untrusted.out()).path("untrusted");
        assertEquals(List.of("pyecho", "twin"), names(u), untrusted.out());
        assertEquals("pyecho", u.get(1).path("same_bytes_as").get(0).asString(), untrusted.out());
        ok("plugin trust pyecho --yes");
        Cli.Run json = animus("plugin", "list", "--json");
        JsonNode plugins = Terminal.json().readTree(json.out()).path("plugins");
        assertEquals(List.of("pyecho", "twin"), names(plugins), json.out());
        assertEquals("pyecho", plugins.get(1).path("same_bytes_as").get(0).asString(), json.out());
        assertEquals(0, plugins.get(0).path("same_bytes_as").size(), json.out());
        Cli.Run table = animus("plugin", "list");
        assertTrue(table.err().contains("twin (project) has the same bytes as the installed pyecho"), table.err());
    }
}
