package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The daemon as an operator meets it (docs/daemon.md): {@code daemon start} in the background,
 * one-shot commands in other processes reaching the same warm plugin, {@code plugin status} showing
 * it, {@code daemon stop} leaving nothing behind, a second start refused naming the first, and a
 * SIGKILLed daemon's plugins ending with it. Real processes throughout: the daemon is started by a
 * launcher script as {@code bin/animus} would start it; the plugin is a Python script.
 */
class DaemonTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    static final Pattern STARTED = Pattern.compile("daemon started: pid (\\d+), socket (\\S+)");

    /** Answers {@code context} with its pid, cwd and the initialize params it got; exits at stdin's end. */
    static final String REPORTER = """
            import json, os, sys
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "reporter", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "reports itself", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["context", "echo"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            init = None
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    init = m.get("params")
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "reporter", "version": "1.0.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["context", "echo"]}}
                elif method == "context":
                    r = {"pid": os.getpid(), "cwd": os.getcwd(), "initialize": init}
                elif method == "echo":
                    r = m.get("params", {})
                elif method in ("shutdown", "$/ping"):
                    r = {}
                else:
                    print(json.dumps({"jsonrpc": "2.0", "id": i, "error": {"code": -32601,
                          "message": "no method " + method}}), flush=True)
                    continue
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            """;

    @TempDir
    Path dir;

    Map<String, String> env;
    Path project;
    final List<Long> started = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path plugin = Cli.python(Files.createDirectories(dir.resolve("plugin")), "animus-plugin-reporter", REPORTER);
        install(plugin, "reporter");
    }

    @AfterEach
    void noDaemonOutlivesItsTest() {
        for (long pid : started) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    void install(Path plugin, String name) {
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent " + name + " --yes",
                "plugin enable " + name)) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    /** A launcher like bin/animus ({@link AnimusJvm#launcher}), its JVM logging nothing. */
    static Path launcher(Path dir) {
        return AnimusJvm.launcher(dir.resolve("animus-launcher"), "-Xlog:disable");
    }

    /** {@code daemon start} for the project; returns the daemon's pid. */
    long start() {
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        long pid = Long.parseLong(m.group(1));
        started.add(pid);
        return pid;
    }

    /** One {@code animus} command in a process of its own, as a second terminal would run it. */
    Cli.Run separately(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(env.get("ANIMUS_LAUNCHER"), "--project-root", project.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb =
                new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, dir));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Cli.Run(p.exitValue(), out, err, Duration.ZERO);
    }

    static JsonNode json(Cli.Run r) {
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void twoCommandsInTwoProcessesReachTheSameWarmPluginAndStopLeavesNothing() throws Exception {
        long daemon = start();
        JsonNode first = json(separately("plugin", "call", "reporter", "context"));
        JsonNode second = json(separately("plugin", "call", "reporter", "context"));
        long plugin = first.path("pid").asLong();
        assertEquals(plugin, second.path("pid").asLong(), "the same warm plugin answered both");
        assertEquals(project.toString(), first.path("cwd").asString(), "the daemon pins cwd to the project root");
        assertEquals(
                project.toString(),
                first.path("initialize")
                        .path("init_extensions")
                        .path("project_binding")
                        .path("project_root")
                        .asString());

        Cli.Run status = Cli.inProject(env, project, "plugin", "status", "--json");
        JsonNode row = json(status).path("plugins").get(0);
        assertEquals("reporter", row.path("name").asString());
        assertEquals("ready", row.path("state").asString());
        assertEquals(plugin, row.path("pid").asLong());
        assertTrue(row.path("uptime_ms").asLong() > 0, row.toString());

        Cli.Run again = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(1, again.exitCode(), again.err());
        assertTrue(again.err().contains("pid " + daemon), again.err());

        Path socket = dir.resolve("home/run");
        Cli.Run stop = Cli.inProject(env, project, "daemon", "stop");
        assertEquals(0, stop.exitCode(), stop.err());
        assertEquals("daemon " + daemon + " stopped", stop.out().strip());
        assertFalse(ProcessHandle.of(daemon).map(ProcessHandle::isAlive).orElse(false), "the daemon is gone");
        assertFalse(ProcessHandle.of(plugin).map(ProcessHandle::isAlive).orElse(false), "its plugin is gone");
        try (var files = Files.list(socket)) {
            // the lock file stays (removing a lock file races with the next daemon taking it), the logs too
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.endsWith(".log") && !n.endsWith(".lock") && !n.endsWith(".events.jsonl"))
                    .toList();
            assertEquals(List.of(), left, "no socket, pid, info or plugin record left");
        }
        Cli.Run none = Cli.inProject(env, project, "daemon", "status");
        assertEquals(1, none.exitCode());
        assertTrue(none.err().contains("no daemon runs for " + project), none.err());
    }

    @Test
    void aSigkilledDaemonsPluginsEndWithinFiveSeconds() throws Exception {
        long daemon = start();
        long plugin = json(Cli.inProject(env, project, "plugin", "call", "reporter", "context"))
                .path("pid")
                .asLong();
        ProcessHandle d = ProcessHandle.of(daemon).orElseThrow();
        d.destroyForcibly();
        d.onExit().get(10, TimeUnit.SECONDS);
        Optional<ProcessHandle> p = ProcessHandle.of(plugin);
        if (p.isPresent()) {
            p.get().onExit().get(5, TimeUnit.SECONDS); // its stdin ended with the daemon
        }
        // the next start cleans the stale files up and serves again
        long next = start();
        assertTrue(next != daemon);
        assertEquals(0, Cli.inProject(env, project, "daemon", "stop").exitCode());
    }
}
