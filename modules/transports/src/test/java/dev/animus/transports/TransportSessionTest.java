package dev.animus.transports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostHello;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Transport sessions over real processes: a Python transport written by the test, its behaviour
 * chosen by a mode, which appends every method it receives to a file (and the transport/start
 * params to another).
 */
class TransportSessionTest {
    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");
    private static final String TOKEN = "t".repeat(43);

    @TempDir
    Path dir;

    private PluginHost host;

    @BeforeEach
    void openHost() {
        host = PluginHost.create(PluginHost.Options.defaults(HostHello.animus("test")));
    }

    @AfterEach
    void closeHost() {
        host.close();
    }

    private static final String PLUGIN = """
            #!/usr/bin/env python3
            import json, sys
            MODE = sys.argv[0].rsplit("-", 1)[1]
            RECEIVED = sys.argv[0] + ".received"
            STARTED = "2026-01-02T03:04:05Z"
            def send(m):
                sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
            def note(text):
                with open(RECEIVED, "a") as f: f.write(text + "\\n")
            def error(i):
                send({"jsonrpc": "2.0", "id": i, "error": {"code": -32601, "message": "no such method"}})
            for line in sys.stdin:
                m = json.loads(line)
                method, i, params = m.get("method"), m.get("id"), m.get("params") or {}
                note(method)
                if i is None:
                    if method == "exit": break
                    continue
                if method == "initialize":
                    if MODE == "crash": sys.exit(3)
                    res = {"protocol_version": "1.1.0",
                           "plugin_info": {"name": "t", "version": "1.0.0", "plugin_kind": "transport_backend"},
                           "capabilities": {"methods": ["transport/start", "$/ping"] + (["$ui/web"] if MODE == "ui" else [])}}
                    if MODE == "legacyinit": res["transport"] = {"host": "127.0.0.1", "port": 4321}
                    send({"jsonrpc": "2.0", "id": i, "result": res})
                elif method == "transport/start":
                    with open(sys.argv[0] + ".start", "w") as f: json.dump(params, f)
                    if MODE == "silent": continue
                    if MODE.startswith("legacy"): error(i); continue
                    res = {"bound_addr": "127.0.0.1:5555", "url": "http://127.0.0.1:5555/", "started_at": STARTED}
                    if MODE == "badurl": res["url"] = "ftp://127.0.0.1/"
                    if MODE == "notime": del res["started_at"]
                    if MODE == "nobound": del res["bound_addr"]
                    send({"jsonrpc": "2.0", "id": i, "result": res})
                elif method == "transport/info":
                    if MODE == "legacyinfo":
                        send({"jsonrpc": "2.0", "id": i, "result": {"bound_addr": "127.0.0.1:7777", "url": "http://127.0.0.1:7777/"}})
                    else: error(i)
                elif method in ("transport/shutdown", "shutdown", "$/ping", "health/check"):
                    send({"jsonrpc": "2.0", "id": i, "result": {}})
                else: error(i)
            """;

    private Path script(String mode) throws IOException {
        Path p = dir.resolve("transport-" + mode);
        Files.writeString(p, PLUGIN);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private Supervisor supervisor(String mode) throws IOException {
        LaunchSpec spec = new LaunchSpec(
                "t-" + mode,
                script(mode),
                EnvironmentPolicy.declaring(Set.of()),
                Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "HOME", dir.toString()),
                Map.of(),
                Optional.empty());
        return host.register(new PluginRegistration(
                "t-" + mode, spec, TimeoutTable.defaults().with(TimeoutTable.LAUNCH, TransportSession.HANDSHAKE)));
    }

    private TransportParams params() {
        return new TransportParams(
                dir.resolve("d.sock"),
                dir,
                Optional.of("127.0.0.1:0"),
                JsonNodeFactory.instance.objectNode().put("port", 0),
                TOKEN);
    }

    private TransportStart attempt(String mode, boolean ui, Duration startTimeout) throws IOException {
        return TransportSession.start(new TransportSession.Options(
                "t-" + mode,
                supervisor(mode),
                ui,
                params(),
                startTimeout,
                TransportSession.SHUTDOWN,
                InstantSource.fixed(NOW)));
    }

    private TransportSession start(String mode, boolean ui, Duration startTimeout) throws IOException {
        return switch (attempt(mode, ui, startTimeout)) {
            case TransportStart.Started st -> st.session();
            case TransportStart.Failed f -> throw new AssertionError(f.message());
        };
    }

    private TransportSession start(String mode) throws IOException {
        return start(mode, false, TransportSession.START);
    }

    private List<String> received(String mode) throws IOException {
        Path f = dir.resolve("transport-" + mode + ".received");
        return Files.exists(f) ? Files.readAllLines(f) : List.of();
    }

    private TransportStart.Failed failure(String mode, Duration startTimeout) throws IOException {
        return switch (attempt(mode, false, startTimeout)) {
            case TransportStart.Started st -> {
                st.session().close();
                throw new AssertionError("it started: " + st.session().endpoint());
            }
            case TransportStart.Failed f -> f;
        };
    }

    @Nested
    class AModernTransport {
        @Test
        void isToldWhereTheControlSocketIsAndTheTokenAndAnswersItsEndpoint() throws IOException {
            try (TransportSession s = start("modern")) {
                assertEquals(
                        new TransportEndpoint(
                                "t-modern",
                                "127.0.0.1:5555",
                                Optional.of(URI.create("http://127.0.0.1:5555/")),
                                Instant.parse("2026-01-02T03:04:05Z"),
                                false,
                                false),
                        s.endpoint());
                JsonNode p = JsonMapper.builder()
                        .build()
                        .readTree(dir.resolve("transport-modern.start").toFile());
                assertEquals(
                        dir.resolve("d.sock").toString(),
                        p.path("control_socket_path").asString());
                assertEquals(dir.toString(), p.path("project_root").asString());
                assertEquals("127.0.0.1:0", p.path("bind_addr").asString());
                assertEquals(0, p.path("config").path("port").asInt());
                assertEquals(TOKEN, p.path("auth_token").asString());
            }
        }

        @Test
        void closeSendsTransportShutdownBeforeTheHostsShutdownOnceAndEndsTheProcess() throws IOException {
            Supervisor sup = supervisor("modern");
            TransportSession s = ((TransportStart.Started)
                            TransportSession.start(TransportSession.Options.of("t-modern", sup, false, params())))
                    .session();
            assertTrue(sup.status().pid().isPresent());
            s.close();
            s.close();
            assertEquals(
                    List.of("initialize", "initialized", "transport/start", "transport/shutdown", "shutdown", "exit"),
                    received("modern"));
            assertTrue(sup.status().pid().isEmpty(), "its process is gone: " + sup.status());
        }

        @Test
        void servesAUiWhenItsInitializeOrItsManifestSaysSo() throws IOException {
            try (TransportSession fromInit = start("ui");
                    TransportSession fromManifest = start("modern", true, TransportSession.START)) {
                assertTrue(fromInit.endpoint().ui());
                assertTrue(fromManifest.endpoint().ui());
            }
        }
    }

    @Nested
    class ALegacyTransport {
        @Test
        void thatBoundAtInitializeIsReachedAtTheUrlOfItsInitializeAnswer() throws IOException {
            try (TransportSession s = start("legacyinit")) {
                assertEquals(
                        new TransportEndpoint(
                                "t-legacyinit",
                                "127.0.0.1:4321",
                                Optional.of(URI.create("http://127.0.0.1:4321/")),
                                NOW,
                                false,
                                true),
                        s.endpoint());
            }
        }

        @Test
        void whoseInitializeNamesNoUrlIsAskedWithTransportInfo() throws IOException {
            try (TransportSession s = start("legacyinfo")) {
                assertEquals(
                        new TransportEndpoint(
                                "t-legacyinfo",
                                "127.0.0.1:7777",
                                Optional.of(URI.create("http://127.0.0.1:7777/")),
                                NOW,
                                false,
                                true),
                        s.endpoint());
            }
            assertTrue(
                    received("legacyinfo").contains("transport/info"),
                    received("legacyinfo").toString());
        }

        @Test
        void thatNamesNoUrlAnywhereDoesNotStart() throws IOException {
            TransportStart.Failed f = failure("legacynone", TransportSession.START);
            assertTrue(f.message().startsWith("transport t-legacynone: a legacy transport"), f.message());
        }
    }

    @Nested
    class ATransportThatCannotStart {
        @Test
        void withAUrlThatIsNotHttpIsRefusedInOneLineNamingItAndStopped() throws IOException {
            TransportStart.Failed f = failure("badurl", TransportSession.START);
            assertEquals(
                    "transport t-badurl: its transport/start answer is unusable: url is not an absolute http(s) URL",
                    f.message());
            assertEquals("t-badurl", f.plugin());
            assertTrue(received("badurl").contains("shutdown"), "its process was stopped: " + received("badurl"));
        }

        @Test
        void withoutABoundAddressOrAStartTimeIsRefused() throws IOException {
            assertTrue(failure("nobound", TransportSession.START)
                    .message()
                    .endsWith("bound_addr is missing or not host:port"));
            assertTrue(failure("notime", TransportSession.START).message().endsWith("started_at is missing"));
        }

        @Test
        void thatDoesNotAnswerTransportStartFailsAtItsDeadline() throws IOException {
            TransportStart.Failed f = failure("silent", Duration.ofSeconds(1));
            assertTrue(f.message().startsWith("transport t-silent: transport/start failed: "), f.message());
            assertTrue(f.message().contains("within 1 s") || f.message().contains("1s"), f.message());
            assertTrue(host.status().stream().allMatch(st -> st.pid().isEmpty()), "no process is left");
        }

        @Test
        void whoseProcessExitsDuringTheHandshakeDidNotBecomeReady() throws IOException {
            TransportStart.Failed f = failure("crash", TransportSession.START);
            assertTrue(f.message().startsWith("transport t-crash: it did not become ready: "), f.message());
        }
    }
}
