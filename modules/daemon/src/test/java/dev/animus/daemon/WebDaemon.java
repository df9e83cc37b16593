package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.core.ProcessState;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.PluginStatus;
import dev.animus.host.ProjectBinding;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A real daemon for the dashboard's browser tests: the first-party http transport and tasks
 * backend from their launchers, a Python plugin that crashes on every request but {@code initialize}
 * while its marker file exists, and the test provider {@code flaky} (its {@code forever} run lasts
 * until cancelled). Log entries are routed to an events file, so {@code daemon/logs} has them.
 * Closing it stops the daemon (the transports first) and its plugins.
 */
final class WebDaemon implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(60);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Works until the marker file exists; then logs why and exits 3 on each request. */
    private static final String CRASHY = """
            #!/usr/bin/env python3
            import json, os, sys
            MARKER = "@MARKER@"
            METHODS = ["$/ping", "health/check", "crashy/work"]
            def send(m):
                sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
            def log(level, message, **fields):
                send({"jsonrpc": "2.0", "method": "log/entry",
                      "params": {"level": level, "message": message, "target": "crashy", "fields": fields}})
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "crashy", "version": "1.2.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "works until its marker file says crash", "protocol_version": "1.1.0",
                                  "capabilities": METHODS, "data_sent": []}), flush=True)
                sys.exit(0)
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit": break
                    continue
                if method == "initialize":
                    send({"jsonrpc": "2.0", "id": i, "result": {"protocol_version": "1.1.0",
                          "plugin_info": {"name": "crashy", "version": "1.2.0", "plugin_kind": "custom"},
                          "capabilities": {"methods": METHODS}}})
                    log("info", "started", pid=os.getpid())
                elif method == "shutdown":
                    send({"jsonrpc": "2.0", "id": i, "result": {}})
                elif os.path.exists(MARKER):
                    log("error", "crashing on purpose", method=method)
                    sys.stderr.write("crashy: the marker file says crash\\n"); sys.stderr.flush()
                    os._exit(3)
                elif method in ("$/ping", "health/check"):
                    send({"jsonrpc": "2.0", "id": i, "result": {"status": "ok"}})
                elif method == "crashy/work":
                    log("info", "did some work")
                    send({"jsonrpc": "2.0", "id": i, "result": {"ok": True}})
                else:
                    send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "no method " + method}})
            """;

    final DaemonLink link;
    final URI url;
    final String token;
    final String crashy;
    final String provider;
    final String tasks;
    final String http;
    private final Daemon daemon;
    private final Path marker;

    private WebDaemon(
            Daemon daemon,
            DaemonLink link,
            URI url,
            String token,
            Path marker,
            String crashy,
            String provider,
            String tasks,
            String http) {
        this.daemon = daemon;
        this.link = link;
        this.url = url;
        this.token = token;
        this.marker = marker;
        this.crashy = crashy;
        this.provider = provider;
        this.tasks = tasks;
        this.http = http;
    }

    static WebDaemon start(Path dir) throws IOException, InterruptedException {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path run = Files.createDirectories(dir.resolve("run"));
        Path marker = dir.resolve("crash-marker");
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        String tasks = ready(animus, launcher("animus.tasks.launcher"));
        String http = ready(animus, launcher("animus.http.launcher"));
        String crashy = ready(animus, script(dir, "animus-crashy", CRASHY.replace("@MARKER@", marker.toString())));
        String provider = ready(
                animus,
                script(
                        dir,
                        "animus-provider-flaky",
                        Files.readString(
                                Path.of(System.getProperty("animus.testproviders.dir"), "animus-provider-flaky"))));
        LogRouter logs = LogRouter.start(
                LogRouter.Options.of(Optional.of(run.resolve("events.jsonl")), env, InstantSource.system()));
        Path socket = dir.resolve("d.sock");
        Daemon daemon = Daemon.start(
                animus,
                // bound: the tasks backend keeps its database in the project, as under a real daemon
                Plugins.start(Plugins.Options.defaults()
                        .withProjectBinding(new ProjectBinding(project))
                        .withLogLines(logs::accept, logs::lost)),
                new Daemon.Options(
                        project,
                        socket,
                        Optional.empty(),
                        "test",
                        InstantSource.system(),
                        s -> {},
                        Optional.of(run.resolve("web.token"))),
                logs);
        DaemonLink link = null;
        try {
            link = DaemonLink.connect(socket);
            JsonNode ui = ui(link, http);
            String token = WebToken.read(run.resolve("web.token")).orElseThrow();
            return new WebDaemon(
                    daemon, link, URI.create(ui.path("url").asString()), token, marker, crashy, provider, tasks, http);
        } catch (RuntimeException | Error e) {
            if (link != null) {
                link.close();
            }
            daemon.close();
            throw e;
        }
    }

    /**
     * The http transport's row, once the daemon's start of it is over: {@code transport/start} waits
     * for a start under way and starts none twice (what {@code web open} asks).
     */
    private static JsonNode ui(DaemonLink link, String http) {
        JsonNode list = link.request("transport/start", JSON.objectNode());
        for (JsonNode t : list.path("transports")) {
            if (t.path("plugin").asString().equals(http)) {
                assertTrue(t.path("ui").asBoolean(), "the http transport serves the UI: " + t);
                return t;
            }
        }
        throw new AssertionError("the http transport did not start: " + list);
    }

    /** The page's address with the token (the link web open opens). */
    URI login() {
        return URI.create(url + "?token=" + token);
    }

    /** Makes the crashy plugin crash until its crash window disables it. */
    void crashUntilDisabled() throws IOException {
        Files.writeString(marker, "crash");
        String last = "no call";
        for (int call = 0; call < 10 && !state(crashy).equals("disabled"); call++) {
            try {
                link.request(
                        "plugin/call", JSON.objectNode().put("name", crashy).put("method", "crashy/work"));
                last = "answered";
            } catch (RuntimeException expected) {
                last = expected.getMessage(); // each call crashes it (and the host's one retry)
            }
        }
        assertEquals("disabled", state(crashy), "after the calls, the last: " + last);
    }

    /** Lets the crashy plugin work again (its marker file removed). */
    void stopCrashing() throws IOException {
        Files.deleteIfExists(marker);
    }

    /** A plugin's state word in the daemon, {@code none} when it has not run. */
    String state(String plugin) {
        return link.status().stream()
                .filter(s -> s.name().equals(plugin))
                .findFirst()
                .map(PluginStatus::state)
                .map(ProcessState::word)
                .orElse("none");
    }

    /** Creates a task; its id. */
    String task(String title) {
        ObjectNode p = JSON.objectNode().put("kind", "task").put("title", title);
        p.putArray("labels").add("web");
        return link.request("subject/create", p).path("subject").path("id").asString();
    }

    /** Sets a subject's status over the control socket. */
    void status(String id, String status) {
        link.request("subject/status", JSON.objectNode().put("id", id).put("status", status));
    }

    @Override
    public void close() {
        try {
            link.close();
        } finally {
            daemon.close();
        }
    }

    private static Path launcher(String property) {
        String value = System.getProperty(property);
        if (value == null || !Files.isExecutable(Path.of(value))) {
            throw new IllegalStateException(
                    "no launcher at " + property + "=" + value + "; run through Maven with -am");
        }
        return Path.of(value);
    }

    private static Path script(Path dir, String name, String body) throws IOException {
        Path d = Files.createDirectories(dir.resolve("src").resolve(name));
        Path p = d.resolve(name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private static String ready(Animus animus, Path plugin) {
        String name = animus.install(
                        InstallRequest.local(plugin, Optional.empty(), new PluginInstaller.PinPolicy(false, false)))
                .name();
        animus.trust(name, Animus.sha256(plugin), false);
        animus.consent(
                name,
                animus.inspect(name, "default").inspection().consentDigest().orElseThrow());
        animus.enable(name, new AgentScope.One("default"));
        return name;
    }
}
