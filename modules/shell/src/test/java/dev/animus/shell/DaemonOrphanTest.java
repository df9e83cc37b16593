package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * A plugin that ignores its stdin's end and SIGTERM outlives a SIGKILLed daemon; the next
 * {@code daemon start} reaps it from the plugin records the first one wrote (pid and start time),
 * says so in the daemon's log, and serves again.
 */
class DaemonOrphanTest {
    /** Handshakes and answers {@code pid}; at stdin's end it notes so in its cwd and sleeps on, SIGTERM ignored. */
    static final String STUBBORN = """
            import json, os, signal, sys, time
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "stubborn", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "outlives its host", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["pid"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    continue
                if method == "initialize":
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "stubborn", "version": "1.0.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["pid"]}}
                elif method == "pid":
                    r = {"pid": os.getpid()}
                else:
                    r = {}
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            with open(os.path.join(os.getcwd(), "eof-%d" % os.getpid()), "w") as f:
                f.write("stdin ended")
            while True:
                time.sleep(3600)
            """;

    /** Notes its pid in its cwd when asked to initialize, then never answers: stdin's end and SIGTERM ignored. */
    static final String SLOW = """
            import json, os, signal, sys, time
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "slow", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "never done starting", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["pid"], "data_sent": [],
                                  "timeouts": {"launch": "60s"}}), flush=True)
                sys.exit(0)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            sys.stdin.readline()
            with open(os.path.join(os.getcwd(), "starting-%d" % os.getpid()), "w") as f:
                f.write("initialize read")
            while True:
                time.sleep(3600)
            """;

    @TempDir
    Path dir;

    Map<String, String> env;
    Path project;
    Path plugins;
    Long orphan;
    final List<Long> daemons = new java.util.ArrayList<>();

    @AfterEach
    void nothingOutlivesTheTest() {
        daemons.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        if (orphan != null) {
            ProcessHandle.of(orphan).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    long start() {
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        long pid = Long.parseLong(m.group(1));
        daemons.add(pid);
        return pid;
    }

    /** A fresh home and project, with the Python plugin {@code name} installed, trusted, consented and enabled. */
    void install(String name, String source) throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        plugins = Files.createDirectories(dir.resolve("plugin"));
        Path plugin = Cli.python(plugins, "animus-plugin-" + name, source);
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent " + name + " --yes",
                "plugin enable " + name)) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    long pluginPid() {
        Cli.Run r = Cli.inProject(env, project, "plugin", "call", "stubborn", "pid");
        assertEquals(0, r.exitCode(), r.err());
        return JsonMapper.shared().readTree(r.out()).path("pid").asLong();
    }

    @Test
    void aPluginThatIgnoresEofAndSigtermIsReapedByTheNextStart() throws Exception {
        install("stubborn", STUBBORN);
        long first = start();
        orphan = pluginPid();
        // recorded as it was spawned (before its handshake); the record is a file another process
        // writes, so its rename is waited for
        awaitRecorded(orphan);

        ProcessHandle d = ProcessHandle.of(first).orElseThrow();
        d.destroyForcibly();
        d.onExit().get(10, TimeUnit.SECONDS);
        waitForEof(project, orphan);
        assertTrue(
                ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false), "the plugin outlived its daemon");

        long second = start();
        awaitEnded(orphan, Duration.ofSeconds(5));
        long next = pluginPid();
        assertTrue(next != orphan, "a new plugin process serves");

        Cli.Run logs = Cli.inProject(env, project, "daemon", "logs", "-n", "200");
        assertEquals(0, logs.exitCode(), logs.err());
        assertTrue(
                logs.out()
                        .lines()
                        .anyMatch(l -> l.contains("reaped 1 plugin process(es) a previous daemon left running")
                                && l.contains("stubborn")),
                logs.out());
        assertEquals(0, Cli.inProject(env, project, "daemon", "stop").exitCode());
        assertTrue(ProcessHandle.of(second).map(h -> !h.isAlive()).orElse(true));
    }

    @Test
    void aPluginStillStartingWhenItsDaemonIsKilledIsRecordedAndReapedToo() throws Exception {
        install("slow", SLOW);
        long first = start();
        // the call waits for a handshake that never comes; it ends when the daemon does
        Thread call = Thread.ofVirtual().start(() -> Cli.inProject(env, project, "plugin", "call", "slow", "pid"));
        orphan = awaitStarting(project);
        // recorded the moment it was spawned, not when it is ready (it never will be)
        awaitRecorded(orphan);

        ProcessHandle d = ProcessHandle.of(first).orElseThrow();
        d.destroyForcibly();
        d.onExit().get(10, TimeUnit.SECONDS);
        call.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(
                ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false), "the plugin outlived its daemon");

        start();
        awaitEnded(orphan, Duration.ofSeconds(5));
        assertEquals(0, Cli.inProject(env, project, "daemon", "stop").exitCode());
    }

    /** Waits (bounded) until the slow plugin has read {@code initialize} in {@code cwd}; its pid. */
    static long awaitStarting(Path cwd) throws Exception {
        return awaitIn(cwd, "the slow plugin never read its initialize request in " + cwd, () -> {
            try (var files = Files.list(cwd)) {
                return files.map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith("starting-"))
                        .findFirst()
                        .map(n -> Long.parseLong(n.substring("starting-".length())));
            }
        });
    }

    /**
     * Waits (bounded) until the daemon's record of spawned processes ({@code <scope>.plugins.json},
     * replaced by a rename at each change) names {@code pid}.
     */
    void awaitRecorded(long pid) throws Exception {
        Path run = dir.resolve("home/run");
        Pattern named = Pattern.compile("\"pid\"\\s*:\\s*" + pid + "\\b");
        awaitIn(
                run,
                "the daemon never recorded plugin " + pid + " in " + run,
                () -> recorded(run, named) ? Optional.of(true) : Optional.<Boolean>empty());
    }

    /** What a look into a directory found, if anything. */
    @FunctionalInterface
    interface Look<T> {
        Optional<T> find() throws IOException;
    }

    /**
     * What {@code look} finds in {@code where}, waiting up to 20 s for it: woken by the directory's
     * changes, which another process makes (no sleep); fails with {@code never} when nothing came.
     */
    static <T> T awaitIn(Path where, String never, Look<T> look) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        try (WatchService watch = where.getFileSystem().newWatchService()) {
            where.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (true) {
                Optional<T> found = look.find(); // looked at after registering: no change in between is missed
                if (found.isPresent()) {
                    return found.get();
                }
                long left = deadline - System.nanoTime();
                WatchKey key = left > 0 ? watch.poll(left, TimeUnit.NANOSECONDS) : null;
                if (key == null) {
                    throw new AssertionError(never);
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    private static boolean recorded(Path run, Pattern named) throws IOException {
        try (var files = Files.list(run)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".plugins.json"))
                    .toList()) {
                try {
                    if (named.matcher(Files.readString(f)).find()) {
                        return true;
                    }
                } catch (NoSuchFileException e) {
                    // replaced between the listing and the read: the next change wakes us again
                }
            }
        }
        return false;
    }

    /** Waits (bounded) until the plugin has noted its stdin's end, so that it has seen the daemon go. */
    static void waitForEof(Path cwd, long pid) throws Exception {
        // the daemon pins its plugins' cwd to the project root
        awaitIn(
                cwd,
                "plugin " + pid + " never saw its stdin end",
                () -> Files.exists(cwd.resolve("eof-" + pid)) ? Optional.of(true) : Optional.<Boolean>empty());
    }

    /**
     * Waits until {@code pid} has ended: gone, or a zombie (killed; reaping it is its new parent's
     * business, here the machine's init, which may do so late under load).
     */
    static void awaitEnded(long pid, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (running(pid)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "the orphaned plugin " + pid + " was not reaped within " + within.toSeconds() + " s");
            }
            Thread.sleep(20); // polls a real process's state against a deadline, not a timing rule
        }
    }

    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return false; // gone
        }
    }
}
