package dev.animus.shell;

import dev.animus.shell.render.Terminal;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/** Runs the command tree in-process, capturing what it writes. */
final class Cli {
    record Run(int exitCode, String out, String err, Duration elapsed) {
        String errLine() {
            return err.lines().filter(l -> l.startsWith("error:")).findFirst().orElse("");
        }
    }

    /** The directories tests made their homes in ({@link #env}): a run's homes must be inside one of them. */
    private static final Set<Path> OWN_DIRECTORIES = ConcurrentHashMap.newKeySet();

    private Cli() {}

    /**
     * The environment of a test's runs, a fresh mutable map: {@code HOME} is {@code dir} and
     * {@code ANIMUS_HOME} is {@code dir/home}, so nothing reaches the real home or a directory
     * another test shares. {@code dir} is the test's own temporary directory (a {@code @TempDir});
     * a test may point either variable elsewhere inside it.
     */
    static Map<String, String> env(Path dir) {
        Path own = ownDirectory(dir);
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", own.toString());
        env.put("ANIMUS_HOME", own.resolve("home").toString());
        env.put("SECRET_TOKEN", "x");
        env.put("DECLARED_URL", "https://example.test");
        return env;
    }

    /**
     * Makes {@code dir}, a test's own temporary directory (a {@code @TempDir}), a place its runs'
     * homes may be in ({@link #requireOwnHome}); returns it, absolute.
     *
     * @throws IllegalArgumentException when {@code dir} is not strictly inside {@code java.io.tmpdir}
     *     or holds the user's home
     */
    static Path ownDirectory(Path dir) {
        Path own = dir.toAbsolutePath().normalize();
        Path tmp =
                Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        Path userHome =
                Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();
        if (!own.startsWith(tmp) || own.equals(tmp) || userHome.startsWith(own)) {
            throw new IllegalArgumentException(
                    "a test's home must be inside its own directory under " + tmp + ", not " + own);
        }
        OWN_DIRECTORIES.add(own);
        return own;
    }

    /**
     * The environment of a child process a test starts ({@code animus} in its own JVM, a shell, tmux):
     * {@code HOME} is set to {@code dir} unless it already is inside it, and the result is
     * checked by {@link #requireOwnHome}.
     */
    static Map<String, String> childEnvironment(Map<String, String> environment, Path dir) {
        Path own = ownDirectory(dir);
        String home = environment.get("HOME");
        if (home == null || !Path.of(home).toAbsolutePath().normalize().startsWith(own)) {
            environment.put("HOME", own.toString());
        }
        return requireOwnHome(environment);
    }

    /**
     * {@code env}, refused (the test fails) unless its {@code ANIMUS_HOME} is set and it and
     * {@code HOME} lie inside a directory a test made its own with {@link #env}: no run of a test
     * may read or write the operator's home, nor a path another test shares (such as
     * {@code $TMPDIR/.animus}, where a run without {@code ANIMUS_HOME} and with
     * {@code HOME=$TMPDIR} would end up).
     */
    static Map<String, String> requireOwnHome(Map<String, String> env) {
        String animusHome = env.get("ANIMUS_HOME");
        if (animusHome == null || animusHome.isEmpty()) {
            throw new IllegalStateException("a test ran animus without its own ANIMUS_HOME (use Cli.env(@TempDir))");
        }
        for (String name : List.of("ANIMUS_HOME", "HOME")) {
            String value = env.get(name);
            if (value == null) {
                continue;
            }
            Path p = Path.of(value).toAbsolutePath().normalize();
            if (OWN_DIRECTORIES.stream().noneMatch(p::startsWith)) {
                throw new IllegalStateException("a test ran animus with " + name + "=" + value
                        + ", outside the test's own directory (use Cli.env(@TempDir))");
            }
        }
        return env;
    }

    /** One command line in a home of its own, removed afterwards. */
    static Run run(String... args) {
        return runScript("", args);
    }

    /** One command line, with {@code stdin} as its standard input, in a home of its own, removed afterwards. */
    static Run runScript(String stdin, String... args) {
        return inOwnHome(env -> runWith(env, stdin, args));
    }

    /** What {@code body} returns, given the environment ({@link #env}) of a fresh directory, removed afterwards. */
    static <T> T inOwnHome(Function<Map<String, String>, T> body) {
        Path dir;
        try {
            dir = Files.createTempDirectory("animus-cli-run-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return body.apply(env(dir));
        } finally {
            OWN_DIRECTORIES.remove(dir.toAbsolutePath().normalize());
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the run's home " + dir, e);
        }
    }

    static Run runWith(Map<String, String> env, String stdin, String... args) {
        requireOwnHome(env);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal t = new Terminal(
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                false);
        long t0 = System.nanoTime();
        int code = Main.run(args, new HashMap<>(env), t);
        return new Run(code, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - t0));
    }

    /**
     * One command line as at a terminal (its questions are asked): {@code typed} is what the
     * operator types, read by the questions one line each.
     */
    static Run runAtTerminal(Map<String, String> env, String typed, String... args) {
        requireOwnHome(env);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal t = new Terminal(
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                false,
                true);
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
        return Path.of(System.getProperty("animus.testplugins.dir"), "animus-plugin-echo")
                .toString();
    }

    static String misbehaving() {
        return Path.of(System.getProperty("animus.testplugins.dir"), "animus-plugin-misbehaving")
                .toString();
    }

    static String pythonEcho() {
        return Path.of(System.getProperty("animus.examples.dir"), "python-echo", "animus-plugin-pyecho")
                .toString();
    }

    static Path python(Path dir, String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/usr/bin/env python3\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    /** A fast-starting plugin that handshakes, writes its pid and a grandchild's pid, then never answers. */
    static Path hangingPython(Path dir) throws IOException {
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
