package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Settings;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plugin call|ping|status|info|reset} print the same and end with the same exit code with
 * and without a running daemon (docs/daemon.md#the-cli-uses-a-running-daemon): each case runs once
 * with {@code --no-daemon} and once against the project's daemon, both are normalised (pids,
 * uptimes, timings, times, the test's directory) and compared with one golden file under
 * {@code src/test/resources/golden/daemon/<case>.txt}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DaemonSameOutputTest {
    static final String DIR = "daemon";

    /** Echoes, fails with a plugin error on {@code fail}, refuses what it does not know; exits at stdin's end. */
    static final String GOLDEN = """
            import json, sys
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "golden", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "answers the same way twice", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["echo", "fail"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "golden", "version": "1.0.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["echo", "fail"]}}
                elif method == "echo":
                    r = m.get("params", {})
                elif method == "fail":
                    print(json.dumps({"jsonrpc": "2.0", "id": i, "error": {"code": 1234,
                          "message": "the widget is broken", "data": {"widget": 7}}}), flush=True)
                    continue
                elif method in ("shutdown", "$/ping"):
                    r = {}
                else:
                    print(json.dumps({"jsonrpc": "2.0", "id": i, "error": {"code": -32601,
                          "message": "no method " + method}}), flush=True)
                    continue
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            """;

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
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        install(Cli.python(plugins, "animus-plugin-golden", GOLDEN), "golden");
        install(Cli.python(plugins, "animus-plugin-idle", GOLDEN.replace("\"golden\"", "\"idle\"")), "idle");
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        daemon = Long.parseLong(m.group(1));
    }

    @AfterAll
    void stopTheDaemon() {
        Cli.inProject(env, project, "daemon", "stop");
        ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
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

    /** One run, as the golden file holds it: exit code, stdout, stderr, normalised. */
    String run(boolean withDaemon, String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        if (!withDaemon) {
            all.add("--no-daemon");
        }
        all.addAll(List.of(args));
        Cli.Run r = Cli.runWith(env, stdin, all.toArray(String[]::new));
        return "exit " + r.exitCode() + "\n--- stdout\n" + normal(r.out()) + "--- stderr\n" + normal(r.err());
    }

    /** What differs from run to run, named: pids, durations, times, the test's directory, table padding. */
    String normal(String s) {
        String out = s.replace(dir.toString(), "<dir>");
        out = out.replaceAll("\"(pid|\\w+_ms)\": [\\d.]+", "\"$1\": <n>");
        out = out.replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z", "<time>");
        out = out.replaceAll("\\b\\d+(\\.\\d+)? ?(µs|us|ms|s|m|h)\\b", "<duration>");
        out = out.replaceAll("(?m)^(golden|idle)(\\s+)(\\S+)(\\s+)\\d+", "$1$2$3$4<pid>");
        out = out.replaceAll("(?m)(\\S) {2,}", "$1  ");
        return out;
    }

    DynamicTest same(String file, String stdin, String... args) {
        return dynamicTest(file, () -> {
            String without = run(false, stdin, args);
            String with = run(true, stdin, args);
            Golden.check(DIR, file + ".txt", file + " without a daemon", without);
            assertEquals(without, with, file + ": the same with a daemon as without");
        });
    }

    /** {@link QuickCall} alone on {@code plugin call golden <words>}: its exit code (empty: left to the command), and what it printed. */
    Optional<String> quick(String... words) {
        List<String> line = new ArrayList<>(List.of("--project-root", project.toString(), "plugin", "call", "golden"));
        line.addAll(List.of(words));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal t = new Terminal(InputStream.nullInputStream(), new PrintWriter(out), new PrintWriter(err), false);
        Settings settings = Settings.load(AnimusPaths.from(env, project).home(), env);
        OptionalInt code = QuickCall.run(line, env, Optional.of(settings), t);
        t.out().flush();
        t.err().flush();
        return code.isPresent()
                ? Optional.of("exit " + code.getAsInt() + "\n--- stdout\n" + out + "--- stderr\n" + err)
                : Optional.empty();
    }

    @Test
    void aPlainCallGoesStraightToTheDaemonAndTheRestIsLeftToTheCommand() {
        String params = "{\"text\": \"hi\", \"n\": 1}";
        assertEquals(
                Optional.of(run(true, "", "plugin", "call", "golden", "echo", "--params", params)),
                quick("echo", "--params", params).map(this::normal),
                "the call's result, as the command prints it");
        assertEquals(
                Optional.of(run(true, "", "plugin", "call", "golden", "fail")),
                quick("fail").map(this::normal),
                "the plugin's error: the same line and exit code");
        assertEquals(
                Optional.of(run(true, "", "plugin", "call", "golden", "echo", "--timeout", "5s", "--agent", "default")),
                quick("echo", "--timeout", "5s", "--agent", "default").map(this::normal));
        assertEquals(Optional.empty(), quick("ecoh"), "no such method: the command adds 'did you mean'");
        assertEquals(Optional.empty(), quick("echo", "--agent", "nobody"), "not enabled for the agent: nothing ran");
        assertEquals(
                Optional.of(run(true, "", "--json", "plugin", "call", "golden", "echo", "--params", params)),
                quick("echo", "--json", "--params", params).map(this::normal),
                "the --json envelope, the plugin named as its handshake names it");
        assertEquals(
                Optional.of(run(true, "", "plugin", "call", "golden", "fail", "--json")),
                quick("fail", "--json").map(this::normal),
                "the --json error document");
        assertEquals(
                Optional.empty(), quick("echo", "--json", params), "'--json JSON' gives the params: the command's");
        assertEquals(Optional.empty(), quick("echo", "--params", "{not json"), "the command words the bad JSON");
        assertEquals(Optional.empty(), quick("echo", "--timeout", "soon"), "and the bad duration");
    }

    @TestFactory
    Stream<DynamicTest> theSameWithAndWithoutTheDaemon() {
        String params = "{\"text\": \"hi\", \"n\": 1}";
        return Stream.of(
                same("reset.not-run", "", "plugin", "reset", "idle"),
                same("reset.not-run.json", "", "--json", "plugin", "reset", "idle"),
                same("call.ok", "", "plugin", "call", "golden", "echo", "--params", params),
                same("call.ok.json", "", "--json", "plugin", "call", "golden", "echo", "--params", params),
                same("call.unknown-method", "", "plugin", "call", "golden", "ecoh"),
                same(
                        "call.options",
                        "",
                        "plugin",
                        "--agent",
                        "default",
                        "call",
                        "golden",
                        "echo",
                        "--timeout=5s",
                        "-q",
                        "--params",
                        "[1, 2]"),
                same("call.not-enabled", "", "plugin", "call", "golden", "echo", "--agent", "nobody"),
                same("call.not-installed", "", "plugin", "call", "nosuch", "echo"),
                same("call.plugin-error", "", "plugin", "call", "golden", "fail"),
                same("call.plugin-error.json", "", "--json", "plugin", "call", "golden", "fail"),
                same("ping", "", "plugin", "ping", "golden"),
                same("ping.json", "", "--json", "plugin", "ping", "golden"),
                same("info.json", "", "--json", "plugin", "info", "golden"),
                same("status", "plugin call golden echo --params '{\"a\":1}'\nplugin status\n"),
                same("status.json", "plugin call golden echo --params '{\"a\":1}'\nplugin status --json\n"),
                same("status.one", "plugin call golden echo\nplugin status golden\n"));
    }
}
