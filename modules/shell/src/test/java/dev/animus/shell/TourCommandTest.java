package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.shell.render.Terminal;
import dev.animus.shell.tour.TourExample;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;

/**
 * {@code animus tour} run in-process against an examples directory made of the reactor's echo test
 * plugin: every step's command line and outcome in order, a throwaway home that is gone afterwards
 * (or kept), the caller's home untouched, no plugin process left, and broken examples stopping the
 * tour at the step that finds them out.
 */
@Isolated("compares this JVM's child processes before and after a tour: no other test may start any meanwhile")
class TourCommandTest {
    private static final Pattern DIR_LINE = Pattern.compile("(?m)^\\$ cd (\\S+)$");
    private static final Pattern STATUS_ROW = Pattern.compile("(?m)^echo\\s+(\\S+)\\s+(\\S+)\\s");

    @TempDir
    Path root;

    Map<String, String> env;
    Path callerHome;
    Path tmp;
    Path examples;

    @BeforeEach
    void caller() throws IOException {
        callerHome = Files.createDirectories(root.resolve("caller-home"));
        Files.writeString(callerHome.resolve("plugins.toml"), "# the caller's own registry\n");
        tmp = Files.createDirectories(root.resolve("tmp"));
        env = Cli.env(root);
        env.put("ANIMUS_HOME", callerHome.toString());
        env.put("ANIMUS_PLUGIN_PATH", root.resolve("caller-plugins").toString());
        env.put("TMPDIR", tmp.toString());
        examples = root.resolve("examples");
        echoExample(examples);
    }

    /** {@code <dir>/echo/animus-plugin-echo}: the image's layout, with the reactor's echo launcher. */
    static Path echoExample(Path dir) throws IOException {
        Path exe = Files.createDirectories(dir.resolve("echo")).resolve("animus-plugin-echo");
        Files.copy(Path.of(Cli.echo()), exe);
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        return exe;
    }

    Cli.Run tour(String... options) {
        return Cli.runWith(
                env, "", Stream.concat(Stream.of("tour"), Stream.of(options)).toArray(String[]::new));
    }

    static Set<Long> descendants() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    static Set<Path> tree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.collect(Collectors.toSet());
        }
    }

    /** Each of {@code expected} appears in {@code text}, in this order. */
    static void inOrder(String text, List<String> expected) {
        int from = 0;
        for (String e : expected) {
            int at = text.indexOf(e, from);
            assertTrue(at >= 0, "missing (in order) '" + e + "' after offset " + from + " in:\n" + text);
            from = at + e.length();
        }
    }

    static Path throwaway(Cli.Run r) {
        Matcher m = DIR_LINE.matcher(r.out());
        assertTrue(m.find(), "no '$ cd <dir>' line in:\n" + r.out());
        return Path.of(m.group(1));
    }

    @Nested
    class WhenAllGoesWell {
        @Test
        void everyStepRunsTheRealCommandPrintedBeforeItAndSucceeds() throws IOException {
            Set<Path> before = tree(callerHome);
            Set<Long> children = descendants();
            Path exe = examples.resolve("echo/animus-plugin-echo");

            Cli.Run r = tour("--examples", examples.toString());

            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertEquals("", r.err(), "nothing on stderr when all goes well");
            inOrder(
                    r.out(),
                    List.of(
                            "$ export ANIMUS_HOME=",
                            "ANIMUS_PLUGIN_PATH=" + exe.getParent(),
                            "[1/9] Discover",
                            "$ animus plugin list --wide\n",
                            "echo",
                            "untrusted",
                            exe.toString(),
                            "[2/9] Install",
                            "$ animus plugin install --path " + exe + " --no-trust\n",
                            "installed echo (",
                            "[3/9] Trust",
                            "$ animus plugin trust echo --yes\n",
                            "trusted echo (sha256 ",
                            "[4/9] Consent",
                            "$ animus plugin consent echo --yes\n",
                            "consented to echo's disclosure",
                            "[5/9] Enable",
                            "$ animus plugin enable echo\n",
                            "enabled echo for agent default",
                            "[6/9] Call",
                            "$ animus plugin call echo echo --params '{\"text\":\"hello from the tour\"}'\n",
                            "\"text\": \"hello from the tour\"",
                            "[7/9] Status",
                            "$ animus plugin status\n",
                            "NAME",
                            "PID",
                            "[8/9] Stop",
                            "$ animus plugin disable echo\n",
                            "disabled echo for all agents",
                            "[9/9] Status again",
                            "$ animus plugin status\n",
                            "Done.",
                            "Removed the throwaway home"));

            Matcher row = STATUS_ROW.matcher(r.out().substring(r.out().indexOf("[7/9]")));
            assertTrue(row.find(), r.out());
            assertEquals("ready", row.group(1), "the called plugin is shown running: " + row.group());
            long pid = Long.parseLong(row.group(2));
            Matcher after = STATUS_ROW.matcher(r.out().substring(r.out().indexOf("[9/9]")));
            assertTrue(after.find(), r.out());
            assertNotEquals("ready", after.group(1), "after the stop step: " + after.group());
            assertEquals("-", after.group(2), "no pid after the stop step: " + after.group());

            assertFalse(
                    ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "plugin " + pid + " still runs");
            assertEquals(children, descendants(), "a plugin process was left behind");
            assertFalse(Files.exists(throwaway(r)), "the throwaway home is still there");
            try (Stream<Path> left = Files.list(tmp)) {
                assertEquals(List.of(), left.toList(), "the tour left something in $TMPDIR");
            }
            assertEquals(before, tree(callerHome), "the caller's ANIMUS_HOME was touched");
            assertEquals("# the caller's own registry\n", Files.readString(callerHome.resolve("plugins.toml")));
        }

        @Test
        void theCallersProjectIsNeitherReadNorWritten() throws IOException {
            Path project = Files.createDirectories(root.resolve("project/.animus/plugins"));
            echoExample(root.resolve("project-copy"));
            Files.move(root.resolve("project-copy/echo/animus-plugin-echo"), project.resolve("animus-plugin-mine"));
            Set<Path> before = tree(root.resolve("project"));

            Cli.Run r = Cli.runWith(
                    env,
                    "",
                    "--project-root",
                    root.resolve("project").toString(),
                    "tour",
                    "--examples",
                    examples.toString());

            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertFalse(r.out().contains("mine"), "the caller's project plugins were listed:\n" + r.out());
            assertEquals(before, tree(root.resolve("project")), "the caller's project was written to");
        }

        @Test
        void colourOnlyOnAColourTerminal() {
            Cli.Run plain = tour("--examples", examples.toString());
            assertFalse(plain.out().contains("\u001b"), "colour without a colour terminal:\n" + plain.out());

            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Terminal colour = new Terminal(
                    InputStream.nullInputStream(), new PrintWriter(out, true), new PrintWriter(err, true), true);
            int code = Main.run(new String[] {"tour", "--examples", examples.toString()}, env, colour);

            assertEquals(0, code, out + err.toString());
            assertTrue(out.toString().contains("\u001b[1m[6/9] Call\u001b[0m: "), out.toString());
            assertTrue(out.toString().contains("\u001b[36m$ animus plugin status\u001b[0m"), out.toString());
            assertEquals("", err.toString());
        }

        @Test
        void aScriptRunsTheTourLikeAnyOtherCommand() {
            Cli.Run r = Cli.runWith(env, "tour --examples " + examples + "\nplugin status\n");

            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("Done."), r.out());
            assertTrue(
                    r.out().contains("no plugins have run in this process"),
                    "the tour's plugin leaked into the script's host:\n" + r.out() + r.err());
        }

        @Test
        void keepLeavesTheThrowawayHomeWithTheInstalledPluginAndSaysWhere() throws IOException {
            Cli.Run r = tour("--examples", examples.toString(), "--keep");

            assertEquals(0, r.exitCode(), r.out() + r.err());
            Path dir = throwaway(r);
            assertTrue(
                    r.out()
                            .contains("Kept the throwaway home: " + dir + "\n  look around: ANIMUS_HOME=" + dir
                                    + "/home animus plugin list\n"),
                    r.out());
            assertTrue(dir.startsWith(tmp.toRealPath()), dir.toString());
            assertTrue(Files.isRegularFile(dir.resolve("home/state/state.json")), "no state document in " + dir);
            assertTrue(Files.readString(dir.resolve("home/plugins.lock")).contains("echo"), "echo is not pinned");
            assertFalse(Files.exists(dir.resolve(".animus")), "the tour's project got an .animus directory");
        }

        @Test
        void aDirectoryOfLaunchersServesAsTheExamplesDirectoryToo() {
            Path launcher = Path.of(Cli.echo()).toAbsolutePath().normalize();
            Cli.Run r = tour("--examples", launcher.getParent().toString());

            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("$ animus plugin install --path " + launcher + " --no-trust\n"), r.out());
        }

        @Test
        void jsonPrintsOneDocumentWithEachStepsCommandAndItsOwnDocument() {
            Cli.Run r = tour("--examples", examples.toString(), "--json");

            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertEquals("", r.err());
            JsonNode doc = Terminal.json().readTree(r.out());
            assertEquals("animus.tour.v1", doc.path("schema").asString());
            List<String> commands = doc.path("steps")
                    .valueStream()
                    .map(s -> s.path("command").asString())
                    .toList();
            assertEquals(9, commands.size(), r.out());
            assertEquals("animus plugin trust echo --yes --json", commands.get(2));
            JsonNode call = doc.path("steps").get(5).path("output");
            assertEquals("animus.plugin.call.v1", call.path("schema").asString(), call.toString());
            assertEquals("hello from the tour", call.path("result").path("text").asString());
            assertEquals(
                    "ready",
                    doc.path("steps")
                            .get(6)
                            .path("output")
                            .path("plugins")
                            .get(0)
                            .path("state")
                            .asString());
            assertFalse(Files.exists(Path.of(doc.path("directory").asString())));
        }
    }

    @Nested
    class WhenAStepFails {
        @Test
        void aNonExecutableExampleStopsTheTourAtTheStepThatFindsItOut() throws IOException {
            Path exe = examples.resolve("echo/animus-plugin-echo");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rw-r--r--"));
            Set<Long> children = descendants();

            Cli.Run r = tour("--examples", examples.toString());

            assertEquals(ExitCodes.FAILED, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("$ animus plugin list --wide\n"), r.out());
            assertFalse(r.out().contains("[2/9]"), "the tour went on after discovery failed:\n" + r.out());
            assertEquals(
                    List.of("error: the tour stopped at step 1/9 (Discover: animus plugin list --wide): echo"
                            + " (plugin-path " + exe + "): not an executable file (chmod +x " + exe + ")"),
                    r.err().lines().toList());
            assertFalse(Files.exists(throwaway(r)), "the throwaway home is still there");
            assertEquals(children, descendants());
        }

        @Test
        void aPluginThatFailsItsHandshakeStopsTheTourAtTheCall() throws IOException {
            brokenHandshake();
            Set<Long> children = descendants();

            Cli.Run r = tour("--examples", root.resolve("broken").toString());

            assertEquals(ExitCodes.FAILED, r.exitCode(), r.out() + r.err());
            inOrder(r.out(), List.of("[5/9] Enable", "enabled echo", "[6/9] Call", "$ animus plugin call echo echo"));
            assertFalse(r.out().contains("[7/9]"), "the tour went on after the failed call:\n" + r.out());
            List<String> errors = r.err().lines().toList();
            assertEquals(1, errors.size(), r.err());
            assertTrue(
                    errors.getFirst()
                            .startsWith("error: the tour stopped at step 6/9 (Call: animus plugin call"
                                    + " echo echo --params"),
                    r.err());
            assertTrue(errors.getFirst().contains("failed the handshake"), r.err());
            assertTrue(errors.getFirst().contains("cannot find config.yaml"), r.err());
            assertFalse(Files.exists(throwaway(r)), "the throwaway home is still there");
            assertEquals(children, descendants());
        }

        @Test
        void withJsonAFailedStepPrintsItsErrorLineAndNoDocument() throws IOException {
            brokenHandshake();

            Cli.Run r = tour("--examples", root.resolve("broken").toString(), "--json");

            assertEquals(ExitCodes.FAILED, r.exitCode(), r.err());
            assertEquals("", r.out());
            List<String> errors = r.err().lines().toList();
            assertEquals(1, errors.size(), r.err());
            assertTrue(
                    errors.getFirst()
                            .startsWith("error: the tour stopped at step 6/9 (Call: animus plugin call"
                                    + " echo echo --params '{\"text\":\"hello from the tour\"}' --json): "),
                    r.err());
            try (Stream<Path> left = Files.list(tmp)) {
                assertEquals(List.of(), left.toList(), "the tour left something in $TMPDIR");
            }
        }

        @Test
        void anInterruptDuringTheCallStopsTheTourAndStillCleansUp() throws Exception {
            Path fifo = root.resolve("called");
            assertEquals(
                    0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
            Path dir = Files.createDirectories(root.resolve("slow/echo"));
            Cli.python(dir, "animus-plugin-echo", MANIFEST + """
                    for line in sys.stdin:
                        m = json.loads(line)
                        if m.get("method") == "initialize":
                            r = {"protocol_version": "1.1.0", "plugin_info": {"name": "echo", "version": "0.1.0",
                                 "plugin_kind": "custom"}, "capabilities": {"methods": ["echo"]}}
                            print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
                        elif m.get("method") == "shutdown":
                            print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": None}), flush=True)
                        elif m.get("method") == "exit":
                            sys.exit(0)
                        elif m.get("method") == "echo":
                            with open(%s, "w") as f:
                                f.write(str(os.getpid()))
                    """.formatted("'" + fifo + "'"));
            Set<Long> children = descendants();
            CompletableFuture<Cli.Run> result = new CompletableFuture<>();
            Thread tour = Thread.ofPlatform()
                    .start(() -> result.complete(
                            tour("--examples", root.resolve("slow").toString())));

            // the plugin has the call once it opens the FIFO and writes its pid; a tour that ends
            // before (a failed step) would leave the read blocked: it is released and the test fails
            CompletableFuture<String> called = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    called.complete(Files.readString(fifo));
                } catch (IOException e) {
                    called.completeExceptionally(e);
                }
            });
            try {
                CompletableFuture.anyOf(called, result).get(60, TimeUnit.SECONDS);
            } finally {
                if (!called.isDone()) {
                    Files.newOutputStream(fifo).close(); // ends the blocked read
                }
            }
            if (result.isDone() && !called.isDone()) {
                fail("the tour ended before the plugin had the call: "
                        + result.join().out() + result.join().err());
            }
            long pid = Long.parseLong(called.get());
            tour.interrupt(); // what Ctrl-C does to the interactive shell's command
            tour.join(Duration.ofSeconds(60));

            assertFalse(tour.isAlive(), "the tour did not end after its interrupt");
            Cli.Run r = result.get();
            assertEquals(ExitCodes.INTERRUPTED, r.exitCode(), r.out() + r.err());
            assertTrue(r.err().startsWith("error: the tour stopped at step 6/9 (Call: "), r.err());
            assertFalse(
                    ProcessHandle.of(pid)
                            .map(h -> h.isAlive() && !CliTest.zombie(pid))
                            .orElse(false),
                    "plugin " + pid + " was left running");
            assertEquals(children, descendants());
            assertFalse(Files.exists(throwaway(r)), "the throwaway home is still there");
        }

        static final String MANIFEST = """
                import json, os, sys
                if sys.argv[1:] == ["--manifest"]:
                    print(json.dumps({"name": "echo", "version": "0.1.0", "plugin_kind": "custom",
                        "plugin_kinds": [], "description": "a test example", "protocol_version": "1.1.0",
                        "capabilities": ["echo"], "env_required": []}))
                    sys.exit(0)
                """;

        /** An echo example that answers --manifest, then dies at its handshake. */
        void brokenHandshake() throws IOException {
            Path dir = Files.createDirectories(root.resolve("broken/echo"));
            Cli.python(dir, "animus-plugin-echo", """
                    import json, sys
                    if sys.argv[1:] == ["--manifest"]:
                        print(json.dumps({"name": "echo", "version": "0.1.0", "plugin_kind": "custom",
                            "plugin_kinds": [], "description": "answers --manifest, then dies on initialize",
                            "protocol_version": "1.1.0", "capabilities": ["echo"], "env_required": []}))
                        sys.exit(0)
                    print("cannot find config.yaml", file=sys.stderr, flush=True)
                    sys.exit(3)
                    """);
        }
    }

    @Nested
    class WithoutAnExample {
        @Test
        void aDirectoryWithoutTheEchoExampleFailsNamingExamples() throws IOException {
            Path empty = Files.createDirectories(root.resolve("empty"));

            Cli.Run r = tour("--examples", empty.toString());

            assertEquals(ExitCodes.USAGE, r.exitCode());
            assertEquals("", r.out());
            assertEquals(
                    List.of("error: --examples " + empty + " holds no echo example: give --examples DIR, a"
                            + " directory holding echo/animus-plugin-echo (the image's examples/ has it)"),
                    r.err().lines().toList());
            try (Stream<Path> left = Files.list(tmp)) {
                assertEquals(List.of(), left.toList(), "a throwaway home was made for nothing");
            }
        }

        @Test
        void noDirectoryAtAllFailsNamingExamples() {
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    System.getProperty(TourExample.PROPERTY) == null, "the test JVM has no -D" + TourExample.PROPERTY);

            Cli.Run r = tour();

            assertEquals(ExitCodes.USAGE, r.exitCode());
            assertEquals("", r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("error: no examples directory: give --examples DIR"), r.err());
        }
    }
}
