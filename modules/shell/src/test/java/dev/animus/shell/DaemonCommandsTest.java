package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code daemon} commands an operator reads the daemon with, against one real daemon:
 * {@code status --json} (the protocol's fields), {@code health}, {@code logs -n}, {@code events}
 * (the recent ones, and {@code --follow --json} in a process of its own printing a plugin's state
 * changes as they happen and ending with exit 0 when the daemon stops), and {@code daemon start}
 * refusing to start without the roles preflight asks for.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DaemonCommandsTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    @TempDir
    static Path dir;

    Map<String, String> env;
    Path project;
    long daemon;

    @BeforeAll
    void startTheDaemon() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path plugin = Cli.python(
                Files.createDirectories(dir.resolve("plugin")), "animus-plugin-reporter", DaemonTest.REPORTER);
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent reporter --yes",
                "plugin enable reporter")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        daemon = Long.parseLong(m.group(1));
    }

    @AfterAll
    void noDaemonOutlivesTheClass() {
        ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, project, args);
    }

    @Test
    @Order(1)
    void statusHealthAndLogs() {
        Cli.Run status = animus("daemon", "status", "--json");
        assertEquals(0, status.exitCode(), status.err());
        JsonNode s = JSON.readTree(status.out());
        assertTrue(s.path("protocol_version").asString().matches("\\d+\\.\\d+(\\.\\d+)?"), s.toString());
        assertFalse(s.path("version").asString().isEmpty(), s.toString());
        assertEquals(daemon, s.path("pid").asLong());
        assertEquals(project.toString(), s.path("project_root").asString());
        assertFalse(s.path("started_at").asString().isEmpty(), s.toString());
        assertTrue(s.path("plugins").path("running").isIntegralNumber(), s.toString());
        assertTrue(s.path("plugins").path("total").isIntegralNumber(), s.toString());

        Cli.Run health = animus("daemon", "health");
        assertEquals(0, health.exitCode(), health.err());
        assertTrue(health.out().contains("healthy"), health.out());

        Cli.Run logs = animus("daemon", "logs", "-n", "5");
        assertEquals(0, logs.exitCode(), logs.err());
        long lines = logs.out().lines().count();
        assertTrue(lines > 0 && lines <= 5, logs.out());
    }

    @Test
    @Order(2)
    void eventsFollowPrintsAPluginsStateChangesAsTheyHappenAndEndsWhenTheDaemonStops() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                env.get("ANIMUS_LAUNCHER"),
                "--project-root",
                project.toString(),
                "daemon",
                "events",
                "--follow",
                "--json"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectError(dir.resolve("follow.err").toFile());
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, dir));
        Process follow = pb.start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(follow.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        try {
            // the recent events come first: once daemon_started is printed, the stream follows
            JsonNode e = until(lines, "daemon_started", null);
            assertEquals("animus.daemon.event.v1", e.path("schema").asString(), e.toString());
            assertEquals(daemon, e.path("pid").asLong(), e.toString());

            Cli.Run call = animus("plugin", "call", "reporter", "echo");
            assertEquals(0, call.exitCode(), call.err());
            JsonNode launching = until(lines, "plugin_status_changed", "launching");
            assertEquals("reporter", launching.path("plugin").asString(), launching.toString());
            JsonNode ready = until(lines, "plugin_status_changed", "ready");
            assertEquals("reporter", ready.path("plugin").asString(), ready.toString());

            Cli.Run recent = animus("daemon", "events");
            assertEquals(0, recent.exitCode(), recent.err());
            assertTrue(recent.out().contains("daemon_started  pid " + daemon), recent.out());
            assertTrue(recent.out().contains("plugin_status_changed  reporter"), recent.out());

            Cli.Run stop = animus("daemon", "stop");
            assertEquals(0, stop.exitCode(), stop.err());
            assertTrue(follow.waitFor(30, TimeUnit.SECONDS), "events --follow ends with the daemon");
            assertEquals(0, follow.exitValue(), Files.readString(dir.resolve("follow.err")));
        } finally {
            follow.destroyForcibly();
            reader.join(10_000);
        }
    }

    /** The next event line of {@code type} (and, when given, {@code to}), skipping others. */
    static JsonNode until(BlockingQueue<String> lines, String type, String to) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            String l = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (l == null) {
                break;
            }
            seen.add(l);
            JsonNode e = JSON.readTree(l);
            if (e.path("type").asString().equals(type)
                    && (to == null || e.path("to").asString().equals(to))) {
                return e;
            }
        }
        throw new AssertionError("no " + type + (to == null ? "" : " to " + to) + " event; printed: " + seen);
    }

    @Test
    @Order(3)
    void startWithoutSkipPreflightInAnEmptyProjectStartsNothing() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty")).toRealPath();
        Cli.Run start = Cli.inProject(env, empty, "daemon", "start");
        assertEquals(2, start.exitCode(), start.out() + start.err());
        List<String> missing = (start.out() + start.err())
                .lines()
                .filter(l -> l.contains("[missing]"))
                .toList();
        assertEquals(4, missing.size(), start.out() + start.err());
        for (String role : List.of("provider", "subject_backend", "workflow_runner", "queue")) {
            assertTrue(missing.stream().anyMatch(l -> l.startsWith("[missing] " + role + " ")), role + ": " + missing);
        }
        Cli.Run status = Cli.inProject(env, empty, "daemon", "status");
        assertEquals(1, status.exitCode(), status.out() + status.err());
        assertNotNull(status.err());
        assertTrue(status.err().contains("no daemon runs for " + empty), status.err());
    }
}
