package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus web serve|open} (docs/cli.md#web) with the first-party HTTP transport and a legacy
 * transport that binds during {@code initialize}, each a real process under a real daemon: the
 * printed URL logs a browser in (303 with the cookie) and nothing else does (401); {@code web open}
 * without a display prints the URL and exits 0; Ctrl-C or SIGTERM of {@code web serve} leaves no
 * process and no socket; no transport names the install command.
 */
class WebCommandsTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final Pattern LOGIN = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)\\?token=([A-Za-z0-9_-]{43})");

    /** A transport of before transport/start: binds at initialize, says its URL there, answers -32601. */
    static final String LEGACY = """
            import http.server, json, sys, threading
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "oldweb", "version": "1.0.0", "plugin_kind": "transport_backend",
                                  "plugin_kinds": [], "description": "a transport that binds at initialize",
                                  "protocol_version": "1.1.0", "env_required": [], "capabilities": [],
                                  "data_sent": [], "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            class Page(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b"the legacy transport"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *a):
                    pass
            server = None
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
                    threading.Thread(target=server.serve_forever, daemon=True).start()
                    url = "http://127.0.0.1:%d/" % server.server_address[1]
                    reply = {"result": {"protocol_version": "1.1.0", "plugin_info": {"name": "oldweb",
                             "version": "1.0.0", "plugin_kind": "transport_backend"},
                             "capabilities": {"methods": []}, "url": url}}
                elif method == "shutdown":
                    reply = {"result": {}}
                else:
                    reply = {"error": {"code": -32601, "message": "method not found: " + method}}
                reply.update({"jsonrpc": "2.0", "id": i})
                print(json.dumps(reply), flush=True)
            """;

    @TempDir
    Path dir;

    private Map<String, String> env;
    private Path project;

    private void setUp() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
    }

    @AfterEach
    void stopTheDaemon() {
        if (env != null) {
            Cli.inProject(env, project, "daemon", "stop");
        }
    }

    private void installHttp() {
        FirstPartyProviders.install(env, FirstPartyProviders.launcher("animus.http.launcher"), "animus-transport-http");
    }

    private void installLegacy() throws IOException {
        Path plugin = Cli.python(Files.createDirectories(dir.resolve("legacy")), "animus-plugin-oldweb", LEGACY);
        FirstPartyProviders.install(env, plugin, "oldweb");
    }

    /** An answer: its status, headers (lower-case names) and body. */
    record Answer(int statusCode, Map<String, List<String>> headers, String body) {
        Optional<String> header(String name) {
            return headers.getOrDefault(name, List.of()).stream().findFirst();
        }
    }

    /** A GET that follows no redirect (the shell's module reads java.base only: HttpURLConnection). */
    private static Answer get(URI url, String... headers) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        c.setInstanceFollowRedirects(false);
        c.setConnectTimeout(5_000);
        c.setReadTimeout(10_000);
        for (int i = 0; i < headers.length; i += 2) {
            c.setRequestProperty(headers[i], headers[i + 1]);
        }
        try {
            int code = c.getResponseCode();
            InputStream in = code >= 400 ? c.getErrorStream() : c.getInputStream();
            String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Map<String, List<String>> named = new java.util.HashMap<>();
            c.getHeaderFields().forEach((k, v) -> {
                if (k != null) {
                    named.put(k.toLowerCase(java.util.Locale.ROOT), v);
                }
            });
            return new Answer(code, named, body);
        } finally {
            c.disconnect();
        }
    }

    /** The login URL logs in once (303 and the cookie), the cookie then opens the page, nothing else does. */
    private static void assertLogsIn(Matcher login) throws Exception {
        URI base = URI.create(login.group(1));
        Answer in = get(URI.create(login.group(0)));
        assertEquals(303, in.statusCode(), in.body());
        String cookie = in.header("set-cookie").orElseThrow();
        assertTrue(cookie.startsWith("animus_token=" + login.group(2) + ";"), cookie);
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        Answer page = get(base, "Cookie", "animus_token=" + login.group(2));
        assertEquals(200, page.statusCode());
        assertTrue(
                page.header("content-type").orElse("").startsWith("text/html"),
                page.headers().toString());
        assertEquals(401, get(base).statusCode());
        assertEquals(401, get(base.resolve("/?token=" + "A".repeat(43))).statusCode());
    }

    @Test
    void webOpenWithoutADisplayStartsTheDaemonAndPrintsTheUrlThatLogsIn() throws Exception {
        setUp();
        installHttp();
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        env.remove("BROWSER");
        Cli.Run open = Cli.inProject(env, project, "web", "open");
        assertEquals(0, open.exitCode(), open.out() + open.err());
        assertTrue(open.err().contains("no display"), open.err());
        Matcher login = LOGIN.matcher(open.out().strip());
        assertTrue(login.matches(), "one line, the URL with the token: " + open.out());
        assertLogsIn(login);

        // again: the daemon that now runs, the same transport, a document for a program
        Cli.Run json = Cli.inProject(env, project, "--json", "web", "open", "--print");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode doc = JSON.readTree(json.out());
        assertEquals("animus.web.open.v1", doc.path("schema").asString(), json.out());
        assertEquals("animus-transport-http", doc.path("plugin").asString());
        assertEquals(login.group(0), doc.path("login_url").asString());
        assertEquals(login.group(1), doc.path("url").asString());
        assertFalse(doc.path("opened").asBoolean(true));
    }

    @Test
    void webServeCtrlCStopsItsDaemonAndTransportAndLeavesNoProcess() throws Exception {
        setUp();
        installHttp();
        Path err = dir.resolve("serve.err");
        Process serve = FirstPartyProviders.start(env, dir, err, "--project-root", project.toString(), "web", "serve");
        try {
            BufferedReader out = FirstPartyProviders.stdout(serve);
            String seen = FirstPartyProviders.readUntil(serve, out, "API (animus-transport-http): ", err);
            String api = out.readLine();
            Matcher login = LOGIN.matcher(seen);
            assertTrue(login.find(), seen);
            assertEquals(login.group(1), api.strip(), "the API is the transport's URL");
            assertLogsIn(login);
            List<ProcessHandle> children = serve.descendants().toList();
            assertFalse(children.isEmpty(), "the transport runs under web serve");
            Cli.Run status = Cli.inProject(env, project, "--json", "daemon", "status");
            assertEquals(0, status.exitCode(), status.err());
            assertEquals(serve.pid(), JSON.readTree(status.out()).path("pid").asLong(), status.out());

            new ProcessBuilder("kill", "-INT", Long.toString(serve.pid()))
                    .start()
                    .waitFor();
            assertTrue(serve.waitFor(20, TimeUnit.SECONDS), "web serve ends at Ctrl-C");
            assertTrue(List.of(0, 130).contains(serve.exitValue()), "exit " + serve.exitValue());
            for (ProcessHandle c : children) {
                DaemonOrphanTest.awaitEnded(c.pid(), Duration.ofSeconds(5));
            }
            assertRefused(URI.create(login.group(1)));
            Cli.Run after = Cli.inProject(env, project, "daemon", "status");
            assertEquals(1, after.exitCode(), "no daemon is left: " + after.out() + after.err());
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void aLegacyTransportThatBindsAtInitializeServesBesideARunningDaemon() throws Exception {
        setUp();
        installLegacy();
        Cli.Run start = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, start.exitCode(), start.out() + start.err());
        Path err = dir.resolve("serve.err");
        Process serve = FirstPartyProviders.start(
                env, dir, err, "--project-root", project.toString(), "--json", "web", "serve");
        try {
            BufferedReader out = FirstPartyProviders.stdout(serve);
            StringBuilder printed = new StringBuilder(); // one pretty-printed document, closed by "}"
            for (String l = out.readLine(); l != null; l = l.equals("}") ? null : out.readLine()) {
                printed.append(l).append('\n');
            }
            JsonNode doc = JSON.readTree(printed.toString());
            assertEquals("animus.web.serve.v1", doc.path("schema").asString(), doc.toString());
            JsonNode t = doc.path("transports").path(0);
            assertEquals("oldweb", t.path("plugin").asString(), doc.toString());
            assertFalse(t.path("ui").asBoolean(true));
            URI url = URI.create(t.path("url").asString());
            Answer page = get(url);
            assertEquals(200, page.statusCode());
            assertEquals("the legacy transport", page.body());
            List<ProcessHandle> children = serve.descendants().toList();

            serve.destroy(); // SIGTERM
            assertTrue(serve.waitFor(20, TimeUnit.SECONDS), "web serve ends at SIGTERM");
            for (ProcessHandle c : children) {
                DaemonOrphanTest.awaitEnded(c.pid(), Duration.ofSeconds(5));
            }
            assertRefused(url);
            Cli.Run status = Cli.inProject(env, project, "daemon", "status");
            assertEquals(0, status.exitCode(), "the daemon beside it still runs: " + status.err());
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void withoutATransportBothNameTheInstallCommand() throws Exception {
        setUp();
        Cli.Run serve = Cli.inProject(env, project, "web", "serve");
        assertEquals(1, serve.exitCode(), serve.out() + serve.err());
        assertTrue(serve.err().contains("animus plugin install-defaults --include-transports --yes"), serve.err());
        assertEquals(1, Cli.inProject(env, project, "daemon", "status").exitCode(), "web serve left no daemon");

        Cli.Run open = Cli.inProject(env, project, "web", "open", "--print");
        assertEquals(1, open.exitCode(), open.out() + open.err());
        assertTrue(open.err().contains("animus plugin install-defaults --include-transports --yes"), open.err());

        Cli.Run bad = Cli.inProject(env, project, "web", "serve", "--bind", "everywhere");
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.err().contains("--bind must be HOST:PORT"), bad.err());
    }

    private static void assertRefused(URI url) throws Exception {
        try {
            Answer r = get(url);
            throw new AssertionError("still served after the stop: " + r.statusCode());
        } catch (ConnectException expected) {
            // nothing listens there any more
        }
    }
}
