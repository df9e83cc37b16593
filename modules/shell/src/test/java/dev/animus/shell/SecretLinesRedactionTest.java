package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret of several lines (a PEM private key) and one holding a tab, stored with
 * {@code secret set} and handed to a real plugin that echoes it on stderr and in its error, each
 * command in its own JVM with host logging at debug: no line of the value is in the error message,
 * the stderr line it quotes, or any debug log line (the plugin's stderr is logged line by line).
 */
class SecretLinesRedactionTest {
    static final String PEM = "-----BEGIN PRIVATE KEY-----\n"
            + "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCxkJ4rT7mZ2s9P\n"
            + "d3VqL0c8nW5yB1hK4fXo6aRzE2uT9vMjQpCw7GsYtIbN0eHlOk3DmUxFiA8qRcSv\n"
            + "Yp2Lw6QeTg==\n"
            + "-----END PRIVATE KEY-----";
    static final String TABBED = "col-one\tcol-two-secret-8086";

    record Result(int exit, String out, String err) {}

    @TempDir
    Path dir;

    Path plugin;
    Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        plugin = SecretsHandOffTest.demoPlugin(dir.resolve("src"));
        // one more method: the value on stderr, then an exit mid-request (the error quotes stderr)
        String script = Files.readString(plugin)
                .replace("\"leak\"]", "\"leak\", \"leakexit\"]")
                .replace("\"leak\": method_leak}", "\"leak\": method_leak, \"leakexit\": method_leakexit}")
                .replace(
                        "def method_leak(",
                        "def method_leakexit(request_id, params):\n"
                                + "    sys.stderr.write(\"leaking \" + os.environ.get(\"DEMO_API_KEY\", \"?\") + \"\\n\")\n"
                                + "    sys.stderr.flush()\n    os._exit(3)\n\n\ndef method_leak(");
        assertTrue(
                script.contains("method_leakexit, ") || script.contains("method_leakexit}"),
                "the example changed shape");
        Files.writeString(plugin, script);
        env = new HashMap<>();
        // the system's python3 first: a version manager's shim can take longer to start than the
        // plugin's launch timeout on a loaded machine
        env.put("PATH", "/usr/bin:/bin:" + System.getenv().getOrDefault("PATH", ""));
        env.put("HOME", dir.toString());
        env.put("ANIMUS_HOME", dir.resolve("home").toString());
        env.put("ANIMUS_KEYRING", "file");
        env.put("ANIMUS_LOG", "debug");
    }

    Result animus(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = AnimusJvm.command();
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().putAll(env);
        Cli.childEnvironment(pb.environment(), dir);
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        var out = new CompletableFuture<byte[]>();
        Thread.ofVirtual().start(() -> {
            try {
                out.complete(p.getInputStream().readAllBytes());
            } catch (IOException e) {
                out.completeExceptionally(e);
            }
        });
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "animus " + String.join(" ", args) + " did not end");
        return new Result(
                p.exitValue(), new String(out.join(), StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void noLineOfAPemKeyOrATabbedSecretIsInAnErrorOrADebugLine() throws Exception {
        SecretsHandOffTest.ready(dir, env, plugin);
        for (String secret : List.of(PEM, TABBED)) {
            Result set = animus(secret + "\n", "secret", "set", "pyecho", "api_key");
            assertEquals(0, set.exit(), set.err());

            Result leak = animus("", "plugin", "call", "pyecho", "leak");
            assertEquals(1, leak.exit(), leak.err());
            assertTrue(leak.err().contains("the key is ***"), leak.err());
            assertTrue(leak.err().contains("leaking ***"), "the plugin's stderr line at debug: " + leak.err());
            assertNoLineOf(secret, leak);

            Result exit = animus("", "plugin", "call", "pyecho", "leakexit");
            assertFalse(exit.exit() == 0, exit.err());
            assertTrue(exit.err().contains("leaking ***"), "the last stderr line, quoted: " + exit.err());
            assertNoLineOf(secret, exit);
        }
    }

    private static void assertNoLineOf(String secret, Result r) {
        String shown = r.out() + r.err();
        for (String line : secret.split("\n")) {
            assertFalse(shown.contains(line), "a line of the secret (" + line + ") in:\n" + shown);
            assertFalse(shown.contains(line.replace("\t", "\\t")), "an escaped line of the secret in:\n" + shown);
        }
        assertFalse(shown.contains("col-two-secret"), shown);
        assertFalse(shown.contains("MIIEvQIBADANBgkqhkiG9w0B"), shown);
    }
}
