package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A declared secret handed to a real plugin (docs/security.md#plugin-environment,
 * docs/security.md#secrets), each command in its own JVM on the module path the build produced,
 * with host logging at trace: the plugin sees exactly its declared secret; the value is in no log
 * line, no {@code plugin inspect} output, no error message, and in the command line of no process
 * while the call runs.
 */
class SecretsHandOffTest {
    static final String VALUE = "s3cr3t-Value-4242-xyzzy";

    record Result(int exit, String out, String err) {}

    @TempDir
    Path dir;

    Path plugin;
    Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        plugin = demoPlugin(dir.resolve("src"));
        env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", dir.toString());
        env.put("ANIMUS_HOME", dir.resolve("home").toString());
        env.put("ANIMUS_KEYRING", "file");
        env.put("ANIMUS_LOG", "trace");
        env.put("UNDECLARED_SECRET", "must-never-reach-a-plugin");
    }

    /** The Python example, declaring one required secret {@code api_key} as DEMO_API_KEY, with two more methods. */
    static Path demoPlugin(Path dir) throws IOException {
        Files.createDirectories(dir);
        String script = Files.readString(Path.of(Cli.pythonEcho()))
                .replace(
                        "\"env_required\": [],",
                        "\"env_required\": [],\n        \"secrets\": [{\"name\": \"api_key\","
                                + " \"env\": \"DEMO_API_KEY\", \"required\": True, \"description\": \"the demo key\"}],")
                .replace("\"env\"]", "\"env\", \"leak\"]")
                .replace(
                        "def method_env(request_id, params):\n    return dict(os.environ)",
                        "def method_env(request_id, params):\n    time.sleep(float((params or {}).get(\"sleep\", 0)))\n"
                                + "    return dict(os.environ)\n\n\ndef method_leak(request_id, params):\n"
                                + "    log(\"leaking \" + os.environ.get(\"DEMO_API_KEY\", \"?\"))\n"
                                + "    raise RpcError(-32000, \"the key is \" + os.environ.get(\"DEMO_API_KEY\", \"?\"))")
                .replace("\"env\": method_env}", "\"env\": method_env, \"leak\": method_leak}");
        assertTrue(script.contains("method_leak") && script.contains("DEMO_API_KEY"), "the example changed shape");
        Path p = dir.resolve("animus-plugin-pyecho");
        Files.writeString(p, script);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
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

    /**
     * The plugin installed, trusted, consented to and enabled, in this JVM (the setup, not the
     * subject; host logging at its default, since this JVM's logging is everyone's).
     */
    void ready() {
        ready(dir, env, plugin);
    }

    static void ready(Path dir, Map<String, String> env, Path plugin) {
        String script = String.join(
                "\n",
                "plugin install --path " + plugin + " --no-trust",
                "plugin trust pyecho --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho",
                "");
        Map<String, String> setup = new HashMap<>(env);
        setup.remove("ANIMUS_LOG");
        Cli.ownDirectory(dir);
        Cli.Run r = Cli.runWith(setup, script);
        assertEquals(0, r.exitCode(), r.err());
    }

    @Test
    void thePluginSeesExactlyItsDeclaredSecretAndTheValueLeaksNowhere() throws Exception {
        ready();
        ProcScan setScan = ProcScan.start(VALUE);
        Result set = animus(VALUE + "\n", "secret", "set", "pyecho", "api_key");
        assertEquals(List.of(), setScan.stop(), "secret set put the value in a command line");
        assertEquals(0, set.exit(), set.err());
        assertTrue(set.err().contains("plain text"), "the one-time warning: " + set.err());
        Path file = dir.resolve("home/secrets.toml");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(
                0,
                animus("other\n", "secret", "set", "pyecho", "undeclared_one").exit());
        assertEquals(
                0,
                animus("theirs\n", "secret", "set", "someone-else", "api_key").exit());
        Result again = animus(VALUE + "\n", "secret", "set", "pyecho", "api_key");
        assertFalse(again.err().contains("plain text"), "the plain-text warning is said once: " + again.err());

        ProcScan scan = ProcScan.start(VALUE);
        Result call = animus("", "plugin", "call", "pyecho", "env", "--params", "{\"sleep\": 1.5}");
        List<String> seen = scan.stop();
        assertEquals(0, call.exit(), call.err());
        assertEquals(List.of(), seen, "the value was in these command lines");
        assertTrue(scan.scans() > 3, "the scan ran during the call: " + scan.scans());
        JsonNode pluginEnv = Terminal.json().readTree(call.out());
        assertEquals(VALUE, pluginEnv.path("DEMO_API_KEY").asString());
        // what the same plugin sees run untrusted ('plugin dev': no secrets), plus what its interpreter
        // adds by itself (a pyenv shim adds PYENV_*, PWD, SHLVL): the baseline, which must lack the secret
        Result dev = animus("", "plugin", "dev", plugin.toString(), "call", "env");
        assertEquals(0, dev.exit(), dev.err());
        Set<String> baseline = new TreeSet<>();
        Terminal.json().readTree(dev.out()).propertyNames().forEach(baseline::add);
        assertFalse(baseline.contains("DEMO_API_KEY"), baseline.toString());
        Set<String> names = new TreeSet<>();
        pluginEnv.propertyNames().forEach(names::add);
        baseline.add("DEMO_API_KEY");
        assertEquals(baseline, names, "exactly the baseline and the declared secret");
        assertFalse(
                call.out().contains("must-never-reach")
                        || call.out().contains("other\"")
                        || call.out().contains("theirs"),
                call.out());
        assertFalse(call.err().contains(VALUE), "a host log line holds the value:\n" + call.err());
        assertTrue(call.err().contains("DEBUG") || call.err().contains("TRACE"), "logging was on: " + call.err());

        Result inspect = animus("", "plugin", "inspect", "pyecho");
        Result inspectJson = animus("", "plugin", "inspect", "pyecho", "--json");
        assertEquals(0, inspect.exit(), inspect.err());
        assertFalse((inspect.out() + inspect.err() + inspectJson.out() + inspectJson.err()).contains(VALUE));
        assertTrue(inspect.out().contains("DEMO_API_KEY") || inspect.out().contains("api_key"), inspect.out());

        Result leak = animus("", "plugin", "call", "pyecho", "leak");
        assertEquals(1, leak.exit(), leak.err());
        assertFalse(
                leak.err().contains(VALUE) || leak.out().contains(VALUE),
                "an error message holds the value:\n" + leak.out() + leak.err());
        assertTrue(leak.err().contains("the key is ***"), leak.err());
    }

    @Test
    void theCallersVariableWinsAndStatusSaysWhereEachComesFrom() throws Exception {
        ready();
        Result none = animus("", "secret", "status", "pyecho");
        assertTrue(
                none.out().lines().anyMatch(l -> l.matches("api_key\\s+DEMO_API_KEY\\s+yes\\s+missing")), none.out());
        Result refused = animus("", "plugin", "call", "pyecho", "env");
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("animus secret set pyecho api_key"), refused.err());
        Result doctor = animus("", "plugin", "doctor", "pyecho");
        assertTrue(doctor.out().contains("animus secret set pyecho api_key"), doctor.out() + doctor.err());

        assertEquals(
                0,
                animus("from-the-store\n", "secret", "set", "pyecho", "api_key").exit());
        assertTrue(animus("", "secret", "status", "pyecho")
                .out()
                .lines()
                .anyMatch(l -> l.matches("api_key\\s+DEMO_API_KEY\\s+yes\\s+file")));
        env.put("DEMO_API_KEY", "from-the-environment");
        assertTrue(animus("", "secret", "status", "pyecho")
                .out()
                .lines()
                .anyMatch(l -> l.matches("api_key\\s+DEMO_API_KEY\\s+yes\\s+environment")));
        Result call = animus("", "plugin", "call", "pyecho", "env");
        assertEquals(
                "from-the-environment",
                Terminal.json().readTree(call.out()).path("DEMO_API_KEY").asString());
        env.remove("DEMO_API_KEY");

        Result forget = animus("", "secret", "forget", "pyecho", "api_key");
        assertEquals(0, forget.exit(), forget.err());
        assertTrue(animus("", "secret", "status", "pyecho", "api_key").out().contains("missing"));
    }

    @Test
    void removeDeletesThePluginsSecretsUnlessKept() throws Exception {
        ready();
        animus("v1\n", "secret", "set", "pyecho", "api_key");
        Result kept = animus("", "plugin", "remove", "pyecho", "--yes", "--keep-secrets");
        assertEquals(0, kept.exit(), kept.err());
        assertTrue(Files.readString(dir.resolve("home/secrets.toml")).contains("api_key"));
        ready();
        Result removed = animus("", "plugin", "remove", "pyecho", "--yes");
        assertEquals(0, removed.exit(), removed.err());
        assertTrue(removed.out().contains("deleted its secrets api_key"), removed.out());
        assertFalse(Files.readString(dir.resolve("home/secrets.toml")).contains("api_key"));
    }

    @Test
    void theValueIsNeverAnArgumentAndAScriptCannotHoldIt() throws Exception {
        Result extra = animus("", "secret", "set", "pyecho", "api_key", VALUE);
        assertEquals(2, extra.exit(), extra.err());
        Result script = animus("secret set pyecho api_key\n");
        assertTrue(script.err().contains("run it as its own command"), script.err());
        Result empty = animus("", "secret", "set", "pyecho", "api_key");
        assertEquals(2, empty.exit(), empty.err());
        assertTrue(empty.err().contains("empty"), empty.err());
        assertFalse(Files.exists(dir.resolve("home/secrets.toml")), "nothing was stored");
    }

    /**
     * Polls every process's command line for a value until stopped, a scan every
     * {@link #PAUSE_MILLIS} ms at most: the processes it looks for (the {@code animus} JVM, the
     * plugin it starts) live for the whole command, hundreds of milliseconds at least, and a scan
     * without a pause kept a core busy for nothing.
     */
    static final class ProcScan {
        static final long PAUSE_MILLIS = 5;

        private final AtomicBoolean running = new AtomicBoolean(true);
        private final ConcurrentLinkedQueue<String> found = new ConcurrentLinkedQueue<>();
        private final Thread thread;
        private volatile int scans;

        private ProcScan(String value) {
            thread = Thread.ofPlatform().start(() -> {
                while (running.get()) {
                    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
                        procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                                .forEach(p -> {
                                    try {
                                        String cmdline = new String(
                                                Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
                                        if (cmdline.contains(value)) {
                                            found.add(p.getFileName() + ": " + cmdline.replace('\0', ' '));
                                        }
                                    } catch (IOException gone) {
                                        // the process ended between listing and reading
                                    }
                                });
                    } catch (IOException e) {
                        found.add("cannot list /proc: " + e);
                    }
                    scans++;
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PAUSE_MILLIS));
                }
            });
        }

        static ProcScan start(String value) {
            return new ProcScan(value);
        }

        List<String> stop() throws InterruptedException {
            running.set(false);
            thread.join();
            return List.copyOf(found);
        }

        int scans() {
            return scans;
        }
    }
}
