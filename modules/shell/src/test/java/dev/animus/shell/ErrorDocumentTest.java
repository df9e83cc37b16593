package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.animus.core.OneLine;
import dev.animus.shell.render.Terminal;
import dev.animus.testhttps.LoopbackHttps;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Errors a program can read (docs/cli.md#errors-a-program-can-read): with {@code --json} every
 * failure, of execution or of usage, prints one {@code animus.error.v1} document on stdout and keeps
 * its exit code and its {@code error:} line on stderr; and no message of any of them quotes Java
 * (a package or an exception class name). The failures are real: bad JSON, a closed loopback port,
 * TLS to a server whose certificate is not trusted, a missing file, an unknown plugin, one not
 * trusted, a bad manifest, a deadline, a plugin's error answer.
 */
class ErrorDocumentTest {
    /** Java in a message: a package, an exception class, or the JDK's TLS jargon. */
    static final Pattern JAVA_TEXT = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.sun|tools\\.jackson|dev\\.animus)\\.[a-z]|\\b[A-Z]\\w*(Exception|Error)\\b"
                    + "|PKIX|Unexpected character");

    @TempDir
    Path root;

    Map<String, String> env;
    LoopbackHttps untrusted;
    int closedPort;

    /** One failure: the command line (--json added), its exit code and its code. */
    record Case(List<String> args, int exit, String category, String code) {}

    @BeforeEach
    void setUp() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        untrusted = LoopbackHttps.start(); // its CA is not in ANIMUS_CA_CERTS: the handshake fails
        untrusted.route("/x", LoopbackHttps.bytes("x".getBytes(StandardCharsets.UTF_8)));
        // a port that was just free and is closed again: nothing listens there
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
    }

    @AfterEach
    void tearDown() {
        untrusted.close();
    }

    Cli.Run animus(List<String> args) {
        List<String> all = new ArrayList<>(
                List.of("--project-root", root.resolve("project").toString()));
        all.addAll(args);
        return Cli.runWith(env, "", all.toArray(String[]::new));
    }

    /** The failures, each driven for real; a few need a plugin installed first. */
    List<Case> cases() throws IOException {
        Path echo = TrustCommandsTest.pyecho(root.resolve("pyecho"), "");
        Cli.Run installed = animus(List.of("plugin", "install", "--path", echo.toString(), "--no-trust"));
        assertEquals(0, installed.exitCode(), installed.err());
        Path hang = Cli.hangingPython(Files.createDirectories(root.resolve("hang")));
        Path badManifest = Cli.python(root, "animus-plugin-bad", """
                import json, sys
                for line in sys.stdin:
                    m = json.loads(line)
                    if m.get("method") == "initialize":
                        r = {"protocol_version": "9.0.0", "plugin_info": {"name": "bad", "version": "0.1.0",
                             "plugin_kind": "custom"}, "capabilities": {"methods": ["work"]}}
                        print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
                """);
        String sha = "a".repeat(64);
        return List.of(
                new Case(List.of("plugin", "lsit"), 2, "usage", "unknown_command"),
                new Case(List.of("plugin", "list", "--bogus"), 2, "usage", "unknown_option"),
                new Case(List.of("plugin", "call"), 2, "usage", "missing_parameter"),
                new Case(
                        List.of("plugin", "dev", Cli.echo(), "call", "echo", "--params", "{text:hi}"),
                        2,
                        "usage",
                        "params_invalid_json"),
                new Case(
                        List.of("plugin", "dev", Cli.echo(), "call", "echo", "--params", "1"),
                        2,
                        "usage",
                        "params_not_object"),
                new Case(
                        List.of("plugin", "dev", Cli.echo(), "call", "echo", "--timeout", "0s"),
                        2,
                        "usage",
                        "duration_invalid"),
                new Case(
                        List.of("plugin", "dev", root.resolve("missing").toString(), "call", "echo"),
                        2,
                        "usage",
                        "file_not_found"),
                new Case(List.of("plugin", "call", "nope", "echo"), 2, "usage", "plugin_not_found"),
                new Case(List.of("plugin", "call", "pyecho", "echo"), 2, "usage", "not_trusted"),
                new Case(List.of("plugin", "consent", "pyecho", "--yes"), 2, "usage", "no_manifest"),
                new Case(List.of("plugin", "trust", "pyecho"), 2, "usage", "confirmation_needed"),
                new Case(
                        List.of("plugin", "dev", badManifest.toString(), "call", "work"),
                        1,
                        "failed",
                        "incompatible_protocol"),
                new Case(
                        List.of("plugin", "dev", hang.toString(), "call", "work", "--timeout", "300ms"),
                        124,
                        "timeout",
                        "timeout"),
                new Case(
                        List.of(
                                "plugin",
                                "install",
                                "--url",
                                "https://127.0.0.1:" + closedPort + "/x",
                                "--sha256",
                                sha,
                                "--no-trust"),
                        1,
                        "failed",
                        "download_network"),
                new Case(
                        List.of(
                                "plugin",
                                "install",
                                "--url",
                                untrusted.uri("/x").toString(),
                                "--sha256",
                                sha,
                                "--no-trust"),
                        1,
                        "failed",
                        "download_network"),
                new Case(
                        List.of("plugin", "install", "--url", "http://127.0.0.1/x", "--sha256", sha, "--no-trust"),
                        2,
                        "usage",
                        "url_invalid"),
                new Case(
                        List.of(
                                "plugin",
                                "install",
                                "--path",
                                root.resolve("absent").toString()),
                        2,
                        "usage",
                        "install_refused"));
    }

    @Test
    void everyFailurePrintsOneErrorDocumentOnStdoutAndKeepsItsLineAndExitCode() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Case c : cases()) {
            List<String> args = new ArrayList<>(c.args());
            args.add("--json");
            Cli.Run r = animus(args);
            String what = String.join(" ", c.args()) + " -> exit " + r.exitCode() + ", out " + OneLine.of(r.out())
                    + ", err " + OneLine.of(r.err());
            JsonNode doc;
            try {
                doc = Terminal.json().readTree(r.out());
            } catch (RuntimeException e) {
                problems.add("not one JSON document: " + what);
                continue;
            }
            if (r.exitCode() != c.exit()
                    || !doc.path("schema").asString().equals("animus.error.v1")
                    || !doc.path("category").asString().equals(c.category())
                    || !doc.path("code").asString().equals(c.code())) {
                problems.add("expected exit " + c.exit() + ", " + c.category() + "/" + c.code() + ": " + what);
                continue;
            }
            String message = doc.path("message").asString();
            if (!r.errLine().equals("error: " + message)) {
                problems.add("the document's message is not the error line: " + what);
            }
            if (JAVA_TEXT.matcher(r.err()).find() || JAVA_TEXT.matcher(r.out()).find()) {
                problems.add("Java in the message: " + what);
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void theMessagesSayWhatHappenedInWords() throws IOException {
        List<Case> all = cases();
        Iterator<Case> it = all.iterator();
        Map<String, String> expected = Map.of(
                "params_invalid_json", "quote the whole JSON for the shell",
                "download_network", "could not download",
                "file_not_found", "no such file");
        while (it.hasNext()) {
            Case c = it.next();
            String hint = expected.get(c.code());
            if (hint == null) {
                continue;
            }
            Cli.Run r = animus(c.args());
            assertTrue(r.errLine().contains(hint), r.err());
            assertFalse(JAVA_TEXT.matcher(r.err()).find(), r.err());
        }
        Cli.Run refused = animus(List.of(
                "plugin",
                "install",
                "--url",
                "https://127.0.0.1:" + closedPort + "/x",
                "--sha256",
                "a".repeat(64),
                "--no-trust"));
        assertTrue(refused.errLine().contains("the connection was refused"), refused.err());
        Cli.Run tls = animus(List.of(
                "plugin",
                "install",
                "--url",
                untrusted.uri("/x").toString(),
                "--sha256",
                "a".repeat(64),
                "--no-trust"));
        assertTrue(tls.errLine().contains("TLS certificate is not trusted"), tls.err());
    }

    /** A fix is the command to type, and the plugin is named, where the failure has them. */
    @Test
    void aRefusalNamesItsFixAndItsPlugin() throws IOException {
        Path echo = TrustCommandsTest.pyecho(root.resolve("pyecho"), "");
        assertEquals(
                0,
                animus(List.of("plugin", "install", "--path", echo.toString(), "--no-trust"))
                        .exitCode());
        JsonNode doc = Terminal.json()
                .readTree(animus(List.of("plugin", "call", "pyecho", "echo", "--json"))
                        .out());
        // the whole chain that lets it run, as the error line names it
        assertEquals(
                "animus plugin trust pyecho && animus plugin consent pyecho && animus plugin enable pyecho"
                        + " --agent default",
                doc.path("fix").asString(),
                doc.toString());
        assertEquals("pyecho", doc.path("plugin").asString(), doc.toString());
        JsonNode usage = Terminal.json()
                .readTree(animus(List.of("plugin", "lsit", "--json")).out());
        assertTrue(usage.path("fix").isMissingNode() && usage.path("plugin").isMissingNode(), usage.toString());
    }

    /**
     * The acceptance script: a real {@code jq} reads the documents of the failures above and
     * prints category, code and exit code, which must be what the exit status was.
     */
    @Test
    void jqReadsTheErrorDocumentsOfTenDifferentFailures() throws Exception {
        assumeTrue(
                onPath("jq"),
                "jq is not installed (.ci/run installs it with apt-get); this test runs the acceptance script with it");
        List<String> codes = new ArrayList<>();
        for (Case c : cases()) {
            List<String> args = new ArrayList<>(c.args());
            args.add("--json");
            Cli.Run r = animus(args);
            String line = jq(
                    r.out(),
                    "-r",
                    "-e",
                    "select(.schema == \"animus.error.v1\" and (.message | length > 0)"
                            + " and (.code | test(\"^[a-z][a-z0-9]*(_[a-z0-9]+)*$\")))"
                            + " | [.category, .code] | join(\" \")");
            assertEquals(c.category() + " " + c.code(), line, String.join(" ", c.args()) + ": " + r.out());
            assertEquals(c.exit(), r.exitCode(), line);
            codes.add(c.code());
        }
        assertTrue(codes.stream().distinct().count() >= 10, "ten different failures: " + codes);
    }

    private static String jq(String input, String... filter) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("jq"));
        cmd.addAll(List.of(filter));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "jq ended");
        assertEquals(0, p.exitValue(), "jq " + String.join(" ", filter) + " on " + input + ": " + out);
        return out;
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
