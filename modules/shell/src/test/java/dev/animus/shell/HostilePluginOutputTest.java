package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.core.OneLine;
import dev.animus.shell.render.Terminal;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A plugin whose every string is a terminal escape sequence (a title change, a screen clear,
 * colours, carriage return and erase-line, the one-byte CSI, bidi overrides and isolates, a forged
 * second line), installed, trusted, consented to and enabled, then shown by every printing
 * command: nothing of it reaches stdout or stderr raw, and what it said is still there, escaped.
 *
 * <p>The manifest validator refuses control characters in names, versions, kinds, method names and
 * data classes, but lets bidi and other format characters through in method names and data
 * classes, and anything in the description; the handshake ({@code initialize}), notifications,
 * results, errors and stderr are not validated at all. The plugin uses exactly that.
 */
class HostilePluginOutputTest {
    /**
     * Every attack at once: a title change (OSC, BEL), clear screen, colour, CR and erase line, the
     * 8-bit CSI, a bidi override and isolate, zero-width space, BOM, BS, DEL, U+2028, a forged line.
     */
    static final String EVIL =
            "\u001b]0;pwned\u0007\u001b[2J\u001b[31m\r\u001b[2K\u009b31m\u202e\u2066\u200b\ufeff\b\u007f"
                    + "\u2028\nforged: line";
    /** What the validator lets through in a method name or a data class. */
    static final String BIDI = "\u202eevil\u2066\u200b";

    private static final String PLUGIN = """
            import json, sys
            E = %s
            BIDI = %s

            def send(frame):
                sys.stdout.write(json.dumps(frame, ensure_ascii=False) + "\\n")
                sys.stdout.flush()

            def answer(i, result):
                send({"jsonrpc": "2.0", "id": i, "result": result})

            if sys.argv[1:] == ["--manifest"]:
                send({"name": "hostile", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                      "description": E, "protocol_version": "1.1.0", "env_required": [],
                      "capabilities": ["echo", "boom", "die", "stream", BIDI], "data_sent": [BIDI],
                      "timeouts": {"launch": "30s"}})
                sys.exit(0)

            for raw in sys.stdin.buffer:
                m = json.loads(raw.decode("utf-8"))
                method, i = m.get("method"), m.get("id")
                if "id" not in m:
                    if method == "exit":
                        sys.exit(0)
                    continue
                sys.stderr.write(E + "\\n")
                sys.stderr.flush()
                if method == "initialize":
                    answer(i, {"protocol_version": "1.1.0",
                               "plugin_info": {"name": E, "version": E, "plugin_kind": "custom", "plugin_kinds": [],
                                               "description": E},
                               "capabilities": {"methods": ["echo", "boom", "die", "stream", E], "streaming": False,
                                                "progress": True, "cancellation": False, "subject_kinds": [E]}})
                elif method in ("shutdown", "$/ping"):
                    answer(i, {})
                elif method == "echo":
                    answer(i, {E: E})
                elif method == "stream":
                    send({"jsonrpc": "2.0", "method": E, "params": {E: E}})
                    send({"jsonrpc": "2.0", "method": "$/progress", "params": {"id": i, "value": {E: E}}})
                    answer(i, {"done": E})
                elif method == "boom":
                    send({"jsonrpc": "2.0", "id": i, "error": {"code": -32000, "message": E, "data": {E: E}}})
                elif method == "die":
                    sys.exit(3)
                else:
                    send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": E}})
            """.formatted(python(EVIL), python(BIDI));

    @TempDir
    Path root;

    Map<String, String> env;
    Path plugin;

    @BeforeEach
    void installTrustConsentEnable() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        Files.createDirectories(root.resolve("plugin"));
        plugin = Cli.python(root.resolve("plugin"), "animus-plugin-hostile", PLUGIN);
        for (String[] step : new String[][] {
            {"plugin", "install", "--path", plugin.toString(), "--trust", "--yes"},
            {"plugin", "consent", "hostile", "--yes"},
            {"plugin", "enable", "hostile"}
        }) {
            Cli.Run r = animus(step);
            assertSafe(String.join(" ", step), r);
            assertEquals(0, r.exitCode(), String.join(" ", step) + ": " + OneLine.of(r.err()));
        }
    }

    @Test
    void listInfoAndInspectShowEveryStringEscaped() {
        Cli.Run list = shown(0, "plugin", "list");
        assertTrue(list.out().lines().anyMatch(l -> l.startsWith("hostile ")), list.out());

        Cli.Run info = shown(0, "plugin", "info", "hostile");
        assertTrue(info.out().contains("description    \\u001b]0;pwned\\u0007\\u001b[2J"), info.out());
        assertTrue(
                info.out().contains("\\u009b31m\\u202e\\u2066\\u200b\\ufeff\\u0008\\u007f\\u2028\\nforged: line"),
                info.out());
        assertTrue(info.out().contains("methods        echo, boom, die, stream, \\u001b]0;pwned"), info.out());

        Cli.Run inspect = shown(0, "plugin", "inspect", "hostile");
        assertTrue(inspect.out().contains("\\u202eevil\\u2066\\u200b"), inspect.out());

        shown(0, "plugin", "dev", plugin.toString(), "info");
        Cli.Run ping = shown(0, "plugin", "ping", "hostile");
        assertTrue(ping.out().startsWith("pong from \\u001b]0;pwned"), ping.out());
    }

    @Test
    void theJsonOfListInfoAndInspectEscapesWhatATerminalWouldActOnAndReadsBackTheSame() {
        JsonNode list = json(shown(0, "plugin", "list", "--json"));
        assertEquals(EVIL, list.path("plugins").path(0).path("description").asString());

        JsonNode info = json(shown(0, "plugin", "info", "hostile", "--json"));
        assertEquals(EVIL, info.path("manifest").path("description").asString());
        JsonNode handshake = info.path("initialize_result");
        assertEquals(EVIL, handshake.path("plugin_info").path("name").asString());
        assertEquals(EVIL, handshake.path("plugin_info").path("version").asString());
        assertEquals(
                EVIL, handshake.path("capabilities").path("methods").path(4).asString());

        JsonNode inspect = json(shown(0, "plugin", "inspect", "hostile", "--json"));
        assertEquals(BIDI, inspect.path("disclosure").path("data_sent").path(0).asString());
    }

    @Test
    void verboseNotificationsResultsErrorsAndStatusShowEveryStringEscaped() {
        Cli.Run r = Cli.runWith(
                env,
                String.join(
                                "\n",
                                "plugin call hostile stream -v",
                                "plugin call hostile echo",
                                "plugin call hostile echo --json",
                                "plugin call hostile boom",
                                "plugin call hostile die",
                                "plugin status",
                                "plugin status --json")
                        + "\n",
                "--project-root",
                root.resolve("project").toString(),
                "--keep-going");
        assertSafe("the script", r);
        assertNotEquals(0, r.exitCode(), "boom and die fail");
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("notification \\u001b]0;pwned")), r.err());
        assertTrue(
                r.err()
                        .lines()
                        .anyMatch(l -> l.startsWith("error: plugin hostile answered boom with error -32000")
                                && l.contains("\\u001b]0;pwned\\u0007")),
                r.err());
        assertTrue(
                r.out().contains("\"\\u001B]0;pwned\\u0007\\u001B[2J\\u001B[31m\\r\\u001B[2K\\u009b31m\\u202e\\u2066"),
                r.out());
    }

    @Test
    void theDebugLogOfTheRealCommandShowsThePluginsStderrEscaped() throws Exception {
        List<String> cmd = AnimusJvm.command();
        cmd.addAll(List.of("-v", "plugin", "dev", plugin.toString(), "call", "boom"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("ANIMUS_HOME", root.resolve("home").toString());
        Cli.childEnvironment(pb.environment(), root);
        pb.environment().put("ANIMUS_LOG", "debug");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        Cli.Run r = new Cli.Run(p.exitValue(), out, err, Duration.ZERO);
        assertSafe("ANIMUS_LOG=debug plugin dev call boom", r);
        assertEquals(ExitCodes.FAILED, r.exitCode(), OneLine.of(err));
        assertTrue(
                err.lines().anyMatch(l -> l.startsWith("DEBUG animus-plugin-hostile - \\u001b]0;pwned\\u0007")),
                "the stderr lines are in the debug log, escaped: " + OneLine.of(err));
    }

    private Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    /** Runs {@code args}, checks the exit code and that nothing raw was printed. */
    private Cli.Run shown(int exit, String... args) {
        Cli.Run r = animus(args);
        assertSafe(String.join(" ", args), r);
        assertEquals(exit, r.exitCode(), String.join(" ", args) + ": " + OneLine.of(r.err()));
        return r;
    }

    private static JsonNode json(Cli.Run r) {
        return Terminal.json().readTree(r.out());
    }

    /** Neither stream holds a character a terminal acts on (but the shell's own line breaks), nor a forged line. */
    static void assertSafe(String what, Cli.Run r) {
        for (var stream : List.of(Map.entry("stdout", r.out()), Map.entry("stderr", r.err()))) {
            // the shell's own: the line breaks, and the tab indenting a stack frame (ANIMUS_LOG=debug)
            String text = stream.getValue().replace("\n\t", "\n");
            text.codePoints()
                    .filter(c -> c != '\n' && actedOn(c))
                    .findFirst()
                    .ifPresent(c -> fail(what + ": " + stream.getKey() + " holds U+" + String.format("%04X", c)
                            + " raw: " + OneLine.of(text)));
            if (text.lines().anyMatch(l -> l.startsWith("forged"))) {
                fail(what + ": " + stream.getKey() + " has a forged line: " + OneLine.of(text));
            }
        }
    }

    /**
     * What a terminal may act on: C0 and C1 controls, DEL, format characters (bidi overrides and
     * isolates, zero-width characters), line and paragraph separators. Written out here rather than
     * taken from {@link OneLine}, so the test does not trust what it checks.
     */
    private static boolean actedOn(int c) {
        int type = Character.getType(c);
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    /** {@code s} as a Python string literal in ASCII. */
    private static String python(String s) {
        StringBuilder b = new StringBuilder("\"");
        s.chars()
                .forEach(c -> b.append(
                        c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
                                ? Character.toString(c)
                                : String.format("\\u%04x", c)));
        return b.append('"').toString();
    }
}
