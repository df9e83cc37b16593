package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code plugin list} under a long home (docs/cli.md#table-width): 80 columns through a pipe,
 * the terminal's width at a terminal, every value whole with {@code --wide} and in {@code --json}.
 */
class TableWidthTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path animusHome;
    Path project;
    String digest;

    @BeforeEach
    void aPluginInstalledUnderALongHome() throws IOException {
        env = Cli.env(root);
        // ANIMUS_HOME outside HOME: its paths cannot start with ~
        env.put("HOME", Files.createDirectories(root.resolve("user")).toString());
        animusHome = root.resolve("a-rather-long-directory-for-animus-to-keep-its-things-in/and/deeper/home");
        env.put("ANIMUS_HOME", animusHome.toString());
        project = Files.createDirectories(root.resolve("project-with-a-name-that-goes-on-and-on"));
        Path echo = TableGoldenTest.copy(Path.of(Cli.echo()), root.resolve("downloads"));
        digest = TrustCommandsTest.sha256(echo);
        Cli.Run installed = list("", "plugin", "install", "--path", echo.toString(), "--no-trust");
        assertEquals(0, installed.exitCode(), installed.err());
    }

    Cli.Run list(String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        all.addAll(List.of(args));
        return Cli.runWith(env, stdin, all.toArray(String[]::new));
    }

    static void within(int width, String out) {
        assertTrue(!out.isBlank(), "no output");
        for (String line : out.lines().toList()) {
            assertTrue(
                    line.codePointCount(0, line.length()) <= width,
                    "a line over " + width + ":\n" + line + "\nin\n" + out);
        }
    }

    @Test
    void throughAPipeEveryLineIsWithinEightyColumns() {
        Cli.Run r = list("", "plugin", "list");
        assertEquals(0, r.exitCode(), r.err());
        within(80, r.out());
        assertTrue(r.out().contains(digest.substring(0, 12) + "…"), r.out());
        // $COLUMNS says nothing about a pipe
        env.put("COLUMNS", "200");
        assertEquals(r.out(), list("", "plugin", "list").out());
    }

    @Test
    void wideAndJsonShowThePathWhole() {
        String store = animusHome.resolve("store").resolve(digest).toString();
        Cli.Run wide = list("", "plugin", "list", "--wide");
        assertEquals(0, wide.exitCode(), wide.err());
        assertTrue(wide.out().contains(store), wide.out());
        // given to animus itself, --wide holds for every line of a script
        Cli.Run script = Cli.runWith(env, "plugin list\n", "--wide", "--project-root", project.toString());
        assertEquals(wide.out(), script.out());
        JsonNode json =
                Terminal.json().readTree(list("", "plugin", "list", "--json").out());
        // installed, not trusted: listed with its digest, never run
        assertEquals(store, json.path("untrusted").get(0).path("path").asString(), json.toString());
        assertEquals(digest, json.path("untrusted").get(0).path("sha256").asString(), json.toString());
    }

    @Test
    void atATerminalTablesFitItsWidth() {
        String at100 = atTerminal(100);
        within(100, at100);
        assertTrue(at100.lines().anyMatch(l -> l.length() > 80), "a 100-column terminal got:\n" + at100);
        String at200 = atTerminal(200);
        // room for the whole path: only its digest is short
        assertTrue(at200.contains(animusHome.resolve("store").resolve(digest.substring(0, 12)) + "…"), at200);
    }

    private String atTerminal(int columns) {
        StringWriter out = new StringWriter();
        Terminal t = new Terminal(
                        new ByteArrayInputStream(new byte[0]),
                        new PrintWriter(out, true),
                        new PrintWriter(new StringWriter(), true),
                        false,
                        true)
                .withColumns(() -> columns);
        int code = Main.run(
                new String[] {"--project-root", project.toString(), "plugin", "list"},
                new HashMap<>(Cli.requireOwnHome(env)),
                t);
        assertEquals(0, code);
        return out.toString();
    }
}
