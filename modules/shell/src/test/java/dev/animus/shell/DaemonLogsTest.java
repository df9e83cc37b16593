package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus daemon logs} against a real daemon (docs/daemon.md#logs): a plugin's
 * {@code log/entry} notifications sent outside any request, on a timer, reach a
 * {@code daemon logs --plugin P --follow} in a process of its own within a second; the history
 * keeps the level asked; a bad {@code --level} or {@code --since} is a usage error naming the
 * allowed values.
 */
class DaemonLogsTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    /** On {@code tick}: answers, then logs {@code tick N} (alternately info and debug) every 100 ms. */
    static final String TICKER = """
            import json, sys, threading, time
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "ticker", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "logs on a timer", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["tick"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            lock = threading.Lock()
            def send(m):
                with lock:
                    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
            def ticks():
                n = 0
                while True:
                    n += 1
                    send({"jsonrpc": "2.0", "method": "log/entry", "params": {
                          "level": "INFO" if n % 2 else "debug", "message": "tick %d" % n,
                          "target": "timer", "fields": {"sent_at_ms": int(time.time() * 1000)}}})
                    time.sleep(0.1)
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "ticker", "version": "1.0.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["tick"]}}
                elif method == "tick":
                    threading.Thread(target=ticks, daemon=True).start()
                    r = {}
                else:
                    r = {}
                send({"jsonrpc": "2.0", "id": i, "result": r})
            """;

    /** A log_storage_backend keeping the entries in {@code logstore.jsonl} of its cwd; its answers say where they came from. */
    static final String LOGSTORE = """
            import json, os, sys
            ORDER = ["trace", "debug", "info", "warn", "error"]
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "logstore", "version": "1.0.0", "plugin_kind": "log_storage_backend",
                                  "plugin_kinds": [], "description": "stores log entries in a file",
                                  "protocol_version": "1.1.0", "env_required": [],
                                  "capabilities": ["log_storage/store", "log_storage/query"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            for line in sys.stdin:
                m = json.loads(line)
                method, i, p = m.get("method"), m.get("id"), m.get("params") or {}
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "logstore", "version": "1.0.0",
                         "plugin_kind": "log_storage_backend"},
                         "capabilities": {"methods": ["log_storage/store", "log_storage/query"]}}
                elif method == "log_storage/store":
                    with open("logstore.jsonl", "a") as f:
                        for e in p["entries"]:
                            f.write(json.dumps(e) + "\\n")
                    r = {"stored": len(p["entries"])}
                elif method == "log_storage/query":
                    kept = []
                    if os.path.exists("logstore.jsonl"):
                        for l in open("logstore.jsonl"):
                            e = json.loads(l)
                            if "min_level" in p and ORDER.index(e["level"]) < ORDER.index(p["min_level"]):
                                continue
                            if "source_name" in p and e["source_name"] != p["source_name"]:
                                continue
                            e["fields"]["from_backend"] = True
                            kept.append(e)
                    r = {"entries": kept[-p.get("limit", 100):]}
                else:
                    r = {}
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            """;

    @TempDir
    Path dir;

    private static long tickerEntries(Path stored) throws IOException {
        if (!Files.exists(stored)) {
            return 0;
        }
        return Files.readAllLines(stored).stream()
                .filter(l -> l.contains("\"source_name\": \"ticker\""))
                .count();
    }

    @Test
    void aPluginsEntriesOutsideAnyRequestReachAFollowerWithinASecond() throws Exception {
        var env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path plugin = Cli.python(Files.createDirectories(dir.resolve("plugin")), "animus-plugin-ticker", TICKER);
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent ticker --yes",
                "plugin enable ticker")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        Cli.Run start = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, start.exitCode(), start.out() + start.err());
        Process follow = null;
        try {
            List<String> cmd = List.of(
                    env.get("ANIMUS_LAUNCHER"),
                    "--project-root",
                    project.toString(),
                    "daemon",
                    "logs",
                    "--plugin",
                    "ticker",
                    "--follow",
                    "--json",
                    "-n",
                    "0");
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(dir.resolve("follow.err").toFile());
            pb.environment().clear();
            pb.environment().putAll(Cli.childEnvironment(env, dir));
            follow = pb.start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Process reading = follow;
            Thread.ofVirtual().start(() -> {
                try (BufferedReader r =
                        new BufferedReader(new InputStreamReader(reading.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l; (l = r.readLine()) != null; ) {
                        lines.add(l);
                    }
                } catch (IOException e) {
                    lines.add("read failed: " + e);
                }
            });
            Cli.Run tick = Cli.inProject(env, project, "plugin", "call", "ticker", "tick");
            assertEquals(0, tick.exitCode(), tick.err());

            // the follower may attach after the first ticks: every line it prints must be fresh
            List<Long> delays = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (delays.size() < 5 && System.nanoTime() < deadline) {
                String l = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (l == null) {
                    break;
                }
                long received = System.currentTimeMillis();
                JsonNode e = JSON.readTree(l);
                assertEquals("animus.daemon.log.entry.v1", e.path("schema").asString(), l);
                assertEquals("plugin", e.path("source").asString(), l);
                assertEquals("ticker", e.path("source_name").asString(), l);
                assertEquals("timer", e.path("target").asString(), l);
                assertTrue(e.path("message").asString().startsWith("tick "), l);
                delays.add(received - e.path("fields").path("sent_at_ms").asLong());
            }
            assertEquals(
                    5, delays.size(), "five ticks followed; stderr: " + Files.readString(dir.resolve("follow.err")));
            // the first may have waited for the follower's own start; the rest are the route's latency
            assertTrue(delays.subList(1, 5).stream().allMatch(d -> d < 1_000), "within a second: " + delays);

            Cli.Run warn = Cli.inProject(env, project, "daemon", "logs", "--plugin", "ticker", "--level", "info");
            assertEquals(0, warn.exitCode(), warn.err());
            assertTrue(warn.out().lines().allMatch(l -> l.matches("\\S+ INFO ticker tick \\d+")), warn.out());
            assertTrue(warn.out().lines().count() >= 2, warn.out());
            Cli.Run none = Cli.inProject(
                    env, project, "daemon", "logs", "--plugin", "ticker", "--since", "2999-01-01T00:00:00Z");
            assertEquals(0, none.exitCode(), none.err());
            assertEquals("", none.out(), "nothing after a time to come");

            Cli.Run badLevel = Cli.inProject(env, project, "daemon", "logs", "--level", "loud");
            assertEquals(ExitCodes.USAGE, badLevel.exitCode());
            assertTrue(
                    badLevel.err().contains("--level must be one of trace, debug, info, warn, error"), badLevel.err());
            Cli.Run badSince = Cli.inProject(env, project, "daemon", "logs", "--since", "yesterday");
            assertEquals(ExitCodes.USAGE, badSince.exitCode());
            assertTrue(badSince.err().contains("--since: invalid time 'yesterday'"), badSince.err());

            // a log storage plugin enabled while the daemon runs takes the next batches and answers queries
            Path store = Cli.python(Files.createDirectories(dir.resolve("store")), "animus-plugin-logstore", LOGSTORE);
            for (String line : List.of(
                    "plugin install --path " + store + " --trust --yes",
                    "plugin consent logstore --yes",
                    "plugin enable logstore")) {
                Cli.Run r = Cli.runWith(env, "", line.split(" "));
                assertEquals(0, r.exitCode(), line + ": " + r.err());
            }
            Path stored = project.resolve("logstore.jsonl");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < until && tickerEntries(stored) < 3) {
                Thread.sleep(50); // polling a file another process writes: no event to wait on
            }
            assertTrue(tickerEntries(stored) >= 3, "the backend got batches");
            Cli.Run fromBackend =
                    Cli.inProject(env, project, "daemon", "logs", "--plugin", "ticker", "-n", "3", "--json");
            assertEquals(0, fromBackend.exitCode(), fromBackend.err());
            List<JsonNode> answered =
                    fromBackend.out().lines().map(JSON::readTree).toList();
            assertEquals(3, answered.size(), fromBackend.out());
            assertTrue(
                    answered.stream()
                            .allMatch(e -> e.path("fields").path("from_backend").asBoolean()),
                    fromBackend.out());
        } finally {
            Cli.Run stop = Cli.inProject(env, project, "daemon", "stop");
            assertEquals(0, stop.exitCode(), stop.err());
            if (follow != null) {
                assertTrue(follow.waitFor(10, TimeUnit.SECONDS), "the follower ends with the daemon");
            }
        }
    }
}
