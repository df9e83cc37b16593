package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.control.StreamEvent;
import dev.animus.core.AgentScope;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.ProjectBinding;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Transports in a real daemon (docs/daemon.md#transports), over three Python transports written
 * here: {@code zmodern} serves a UI and binds a loopback HTTP server at {@code transport/start}
 * (requiring the token it was given); {@code alegacy} binds at {@code initialize}, names its URL
 * there and refuses {@code transport/start} with -32601; {@code binfo} binds at {@code initialize}
 * too and names its URL only in {@code transport/info}. Each appends what it receives to a file.
 */
class DaemonTransportsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String MODERN = "animus-transport-zmodern";
    private static final String LEGACY = "animus-transport-alegacy";
    private static final String INFO = "animus-transport-binfo";

    @TempDir
    Path dir;

    private static final String PLUGIN = """
            #!/usr/bin/env python3
            import json, os, sys, threading
            from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
            NAME, MODE, OUT = "@NAME@", "@MODE@", "@OUT@"
            CAPS = ["$/ping", "health/check", "transport/start", "transport/info", "transport/shutdown"]
            if MODE == "modern": CAPS.append("$ui/web")
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": NAME, "version": "1.0.0", "plugin_kind": "transport_backend",
                                  "plugin_kinds": [], "description": "a transport for tests",
                                  "protocol_version": "1.1.0", "env_required": [], "capabilities": CAPS,
                                  "data_sent": []}), flush=True)
                sys.exit(0)
            server, token, config, bound = None, None, {}, None
            def note(text):
                with open(os.path.join(OUT, NAME + ".received"), "a") as f: f.write(text + "\\n")
            def send(m):
                sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
            def result(i, r): send({"jsonrpc": "2.0", "id": i, "result": r})
            def error(i): send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "method not found"}})
            class Handler(BaseHTTPRequestHandler):
                def do_GET(self):
                    if token is not None and self.headers.get("Authorization") != "Bearer " + token:
                        self.send_response(401); self.send_header("Content-Length", "0"); self.end_headers(); return
                    body = ("%s %s" % (NAME, config.get("greeting", ""))).strip().encode()
                    self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *a): pass
            def serve(host, port):
                global server
                server = ThreadingHTTPServer((host, port), Handler)
                threading.Thread(target=server.serve_forever, daemon=True).start()
                return "%s:%d" % (host, server.server_address[1])
            note("pid %d" % os.getpid())
            for line in sys.stdin:
                m = json.loads(line)
                method, i, params = m.get("method"), m.get("id"), m.get("params") or {}
                note(method)
                if i is None:
                    if method == "exit": break
                    continue
                if method == "initialize":
                    res = {"protocol_version": "1.1.0", "plugin_info": {"name": NAME, "version": "1.0.0",
                           "plugin_kind": "transport_backend"}, "capabilities": {"methods": CAPS}}
                    if MODE != "modern":
                        bound = serve("127.0.0.1", 0)
                        if MODE == "legacy": res["url"] = "http://%s/" % bound
                    result(i, res)
                elif method == "transport/start":
                    with open(os.path.join(OUT, NAME + ".start.json"), "w") as f: json.dump(params, f)
                    if MODE != "modern": error(i); continue
                    token, config = params["auth_token"], params.get("config") or {}
                    host, port = params["bind_addr"].rsplit(":", 1)
                    bound = serve(host, int(port))
                    result(i, {"bound_addr": bound, "url": "http://%s/" % bound, "started_at": "2026-01-01T00:00:00Z"})
                elif method == "transport/info":
                    if MODE == "info": result(i, {"bound_addr": bound, "url": "http://%s/" % bound})
                    else: error(i)
                elif method == "transport/shutdown":
                    if server: server.shutdown()
                    result(i, {})
                elif method in ("shutdown", "$/ping", "health/check"): result(i, {})
                else: error(i)
            """;

    private Path script(String name, String mode) throws IOException {
        Path d = Files.createDirectories(dir.resolve("src").resolve(name));
        Path p = d.resolve(name);
        Files.writeString(
                p, PLUGIN.replace("@NAME@", name).replace("@MODE@", mode).replace("@OUT@", dir.toString()));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private static void ready(Animus animus, Path plugin) {
        String name = animus.install(
                        InstallRequest.local(plugin, Optional.empty(), new PluginInstaller.PinPolicy(false, false)))
                .name();
        animus.trust(name, Animus.sha256(plugin), false);
        animus.consent(
                name,
                animus.inspect(name, "default").inspection().consentDigest().orElseThrow());
        animus.enable(name, new AgentScope.One("default"));
    }

    private Path project() throws IOException {
        return Files.createDirectories(dir.resolve("project")).toRealPath();
    }

    private Path socket() {
        return dir.resolve("d.sock");
    }

    private Path tokenFile() {
        return dir.resolve("run").resolve("web.token");
    }

    private Daemon daemon(Map<String, String> extra, Path project, String transportsToml) throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        env.putAll(extra);
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        ready(animus, script(MODERN, "modern"));
        ready(animus, script(LEGACY, "legacy"));
        ready(animus, script(INFO, "info"));
        Files.createDirectories(project.resolve(".animus"));
        Files.writeString(project.resolve(".animus/transports.toml"), transportsToml);
        Files.createDirectories(tokenFile().getParent());
        return Daemon.start(
                animus,
                Plugins.start(Plugins.Options.defaults().withProjectBinding(new ProjectBinding(project))),
                new Daemon.Options(
                        project,
                        socket(),
                        Optional.empty(),
                        "test",
                        InstantSource.system(),
                        s -> {},
                        Optional.of(tokenFile())));
    }

    private static final String GREETING = "[" + MODERN + "]\ngreeting = \"hello\"\n";

    /** transport/list once no start is under way. */
    private static JsonNode settledList(DaemonLink link) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        JsonNode list = link.request("transport/list", JsonNodeFactory.instance.objectNode());
        while (list.path("starting").asBoolean() && System.nanoTime() < end) {
            Thread.sleep(50); // waiting for real processes with a deadline
            list = link.request("transport/list", JsonNodeFactory.instance.objectNode());
        }
        assertFalse(list.path("starting").asBoolean(), "the transports did not start within " + WAIT);
        return list;
    }

    /** A GET's status and body (java.base's client: the module reads no java.net.http). */
    private record Answer(int status, String body) {}

    private static Answer get(String url, Optional<String> token) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(10_000);
        token.ifPresent(t -> c.setRequestProperty("Authorization", "Bearer " + t));
        try {
            int status = c.getResponseCode();
            try (var in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
                return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } finally {
            c.disconnect();
        }
    }

    private List<String> received(String name) throws IOException {
        Path f = dir.resolve(name + ".received");
        return Files.exists(f) ? Files.readAllLines(f) : List.of();
    }

    private List<String> events(DaemonLink link) throws InterruptedException {
        List<String> types = new ArrayList<>();
        try (DaemonStream s = link.follow("daemon/events", JsonNodeFactory.instance.objectNode(), 1024)) {
            while (true) {
                Optional<StreamEvent> e = s.next(Duration.ofSeconds(10));
                if (e.isEmpty() || e.get() instanceof StreamEvent.Closed) {
                    return types;
                }
                if (e.get() instanceof StreamEvent.Data d
                        && d.data().path("type").asString().startsWith("transport_")) {
                    types.add(d.data().path("type").asString() + " "
                            + d.data().path("plugin").asString());
                }
            }
        }
    }

    @Test
    void eachTransportStartsUiFirstAndIsListedAndServesItsUrl() throws Exception {
        Path project = project();
        try (Daemon d = daemon(Map.of(), project, GREETING);
                DaemonLink link = DaemonLink.connect(socket())) {
            JsonNode list = settledList(link).path("transports");
            assertEquals(3, list.size(), list.toString());
            assertEquals(
                    List.of(MODERN, LEGACY, INFO),
                    List.of(
                            list.get(0).path("plugin").asString(),
                            list.get(1).path("plugin").asString(),
                            list.get(2).path("plugin").asString()));
            JsonNode modern = list.get(0);
            assertTrue(modern.path("ui").asBoolean() && !modern.path("legacy").asBoolean(), modern.toString());
            assertEquals("2026-01-01T00:00:00Z", modern.path("started_at").asString());
            assertTrue(list.get(1).path("legacy").asBoolean()
                    && list.get(2).path("legacy").asBoolean());

            String token = WebToken.read(tokenFile()).orElseThrow();
            JsonNode params = JsonMapper.builder()
                    .build()
                    .readTree(dir.resolve(MODERN + ".start.json").toFile());
            assertEquals(token, params.path("auth_token").asString());
            assertEquals(
                    socket().toAbsolutePath().toString(),
                    params.path("control_socket_path").asString());
            assertEquals(project.toString(), params.path("project_root").asString());
            assertEquals("127.0.0.1:0", params.path("bind_addr").asString());
            assertEquals("hello", params.path("config").path("greeting").asString());

            String url = modern.path("url").asString();
            assertEquals(
                    "http://" + modern.path("bound_addr").asString() + "/", url, "the url names the bound address");
            Answer ok = get(url, Optional.of(token));
            assertEquals(200, ok.status());
            assertEquals(MODERN + " hello", ok.body());
            assertEquals(401, get(url, Optional.empty()).status());
            assertEquals(
                    LEGACY,
                    get(list.get(1).path("url").asString(), Optional.empty()).body());
            assertEquals(
                    INFO,
                    get(list.get(2).path("url").asString(), Optional.empty()).body());
            assertTrue(received(INFO).contains("transport/info"), received(INFO).toString());

            assertEquals(
                    List.of("transport_started " + MODERN, "transport_started " + LEGACY, "transport_started " + INFO),
                    events(link));
            assertEquals(d.options().projectRoot(), project);
        }
    }

    @Test
    void theDaemonsStopShutsEachTransportDownBeforeItsProcessAndLeavesNoneAliveAndNoToken() throws Exception {
        Path project = project();
        Daemon d = daemon(Map.of(), project, GREETING);
        List<Long> pids = new ArrayList<>();
        try (DaemonLink link = DaemonLink.connect(socket())) {
            assertEquals(3, settledList(link).path("transports").size());
        }
        assertTrue(Files.exists(tokenFile()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile())));
        for (String name : List.of(MODERN, LEGACY, INFO)) {
            pids.add(Long.parseLong(received(name).getFirst().substring("pid ".length())));
        }
        d.close();
        for (String name : List.of(MODERN, LEGACY, INFO)) {
            List<String> got = received(name);
            int shutdown = got.indexOf("shutdown");
            assertTrue(
                    got.indexOf("transport/shutdown") >= 0 && got.indexOf("transport/shutdown") < shutdown,
                    got.toString());
            assertEquals("exit", got.getLast(), got.toString());
        }
        for (long pid : pids) {
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < end) {
                Thread.sleep(50); // a bounded wait for the process to be reaped
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " alive");
        }
        assertFalse(Files.exists(tokenFile()), "the token goes with the daemon");
    }

    @Test
    void theKillSwitchStartsNoneUntilTransportStartIsAsked() throws Exception {
        Path project = project();
        try (Daemon d = daemon(Map.of("ANIMUS_DAEMON_DISABLE_TRANSPORTS", "1"), project, GREETING);
                DaemonLink link = DaemonLink.connect(socket())) {
            assertEquals(0, settledList(link).path("transports").size());
            assertEquals(List.of(), received(MODERN));
            JsonNode started = link.request("transport/start", JsonNodeFactory.instance.objectNode());
            assertEquals(3, started.path("transports").size(), started.toString());
            JsonNode again = link.request("transport/start", JsonNodeFactory.instance.objectNode());
            assertEquals(started.path("transports"), again.path("transports"), "a second start starts nothing");
            assertEquals(
                    1,
                    received(MODERN).stream().filter("transport/start"::equals).count());
            assertEquals(project, d.options().projectRoot());
        }
    }

    @Test
    void aTransportsFileWithAKeyThatIsNotATableStartsNone() throws Exception {
        Path project = project();
        try (Daemon d = daemon(Map.of(), project, MODERN + " = 3\n");
                DaemonLink link = DaemonLink.connect(socket())) {
            assertEquals(0, settledList(link).path("transports").size());
            assertEquals(List.of(), received(MODERN));
            assertEquals(project, d.options().projectRoot());
        }
    }
}
