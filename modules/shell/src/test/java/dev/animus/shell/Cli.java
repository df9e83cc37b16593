package dev.animus.shell;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** Runs the command tree in-process, capturing what it writes. */
final class Cli {
    record Run(int exitCode, String out, String err, Duration elapsed) {
        String errLine() {
            return err.lines().filter(l -> l.startsWith("error:")).findFirst().orElse("");
        }
    }

    static final Map<String, String> ENV = Map.of(
            "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
            "HOME", System.getProperty("java.io.tmpdir"),
            "SECRET_TOKEN", "x",
            "DECLARED_URL", "https://example.test");

    private Cli() {}

    static Run run(String... args) {
        return runWith(ENV, "", args);
    }

    static Run runWith(Map<String, String> env, String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal t = new Terminal(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out, true), new PrintWriter(err, true), false);
        long t0 = System.nanoTime();
        int code = Main.run(args, new HashMap<>(env), t);
        return new Run(code, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - t0));
    }

    /** One command line run with {@code --project-root project} in front. */
    static Run inProject(Map<String, String> env, Path project, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--project-root";
        all[1] = project.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return runWith(env, "", all);
    }

    static String echo() {
        return Path.of(System.getProperty("animus.testplugins.dir"), "animus-plugin-echo").toString();
    }

    static String misbehaving() {
        return Path.of(System.getProperty("animus.testplugins.dir"), "animus-plugin-misbehaving").toString();
    }

    static String pythonEcho() {
        return Path.of(System.getProperty("animus.examples.dir"), "python-echo", "animus-plugin-pyecho").toString();
    }

    static Path python(Path dir, String name, String body) throws java.io.IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/usr/bin/env python3\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    /** A fast-starting plugin that handshakes, writes its pid and a grandchild's pid, then never answers. */
    static Path hangingPython(Path dir) throws java.io.IOException {
        return python(dir, "animus-plugin-hang", """
                import json, os, subprocess, sys
                here = os.path.dirname(os.path.abspath(__file__))
                child = subprocess.Popen(["sleep", "3600"])
                with open(os.path.join(here, "pids"), "w") as f:
                    f.write("%d %d" % (os.getpid(), child.pid))
                for line in sys.stdin:
                    m = json.loads(line)
                    if m.get("method") == "initialize":
                        r = {"protocol_version": "1.1.0", "plugin_info": {"name": "hang", "version": "0.1.0",
                             "plugin_kind": "custom"}, "capabilities": {"methods": ["work"]}}
                        print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
                    elif m.get("method") == "work":
                        print("working on it, forever", file=sys.stderr, flush=True)
                """);
    }
}
