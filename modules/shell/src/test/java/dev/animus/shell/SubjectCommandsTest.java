package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code animus subject ...} end to end, through the real command line, with a real subject
 * backend written in another language from docs/protocol.md alone (the Python
 * {@code animus-subject-notes}, kind {@code note}, in memory): installed, trusted, consented and
 * enabled as any plugin; then every verb in one script (one host, so one warm backend), and
 * through the project's daemon, where a second client's {@code subject watch} sees the changes in
 * order and Ctrl-C ends it with exit 130; and a backend that cannot watch ({@code nowatch}) whose
 * changes the daemon finds by polling, with the same events.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SubjectCommandsTest {
    private static final JsonMapper JSON = Terminal.json();

    @TempDir
    static Path dir;

    Map<String, String> env;
    Path project;

    /**
     * A copy of the notes backend named as docs/plugin-authoring.md#any-language says
     * ({@code animus-plugin-<name>}), so it installs as {@code notes}, its manifest's name.
     */
    static Path notes(Path into) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-subject-notes");
        Files.createDirectories(into);
        Path p = into.resolve("animus-plugin-notes");
        Files.copy(src, p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    /**
     * The Python memo backend as one file that cannot watch (it answers {@code subject/watch} with
     * -32001, kind {@code nowatch}): the daemon polls it.
     */
    static Path nowatch(Path into) throws IOException {
        Path memo = Path.of(System.getProperty("animus.testproviders.dir"), "animus-subject-memo");
        String body = Files.readString(memo)
                .replace("NAME = \"memo\"", "NAME = \"nowatch\"")
                .replace("KIND = \"memo\"", "KIND = \"nowatch\"")
                .replace("WATCH = True", "WATCH = False");
        Files.createDirectories(into);
        Path p = into.resolve("animus-subject-nowatch");
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @BeforeAll
    void installTheBackendAndStartTheDaemon() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path plugin = notes(dir.resolve("plugin"));
        Path polled = nowatch(dir.resolve("polled"));
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent notes --yes",
                "plugin enable notes",
                "plugin install --path " + polled + " --trust --yes",
                "plugin consent animus-subject-nowatch --yes",
                "plugin enable animus-subject-nowatch")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
    }

    @AfterAll
    void stopTheDaemon() {
        Cli.inProject(env, project, "daemon", "stop");
    }

    /** One command through the daemon. */
    Cli.Run daemon(String... args) {
        return Cli.inProject(env, project, args);
    }

    /** A script of one host in this process (no daemon runs for its directory): its lines share the warm backend. */
    Cli.Run script(String lines) {
        return Cli.runWith(env, lines);
    }

    @Test
    void everyVerbInOneScriptOfThisProcess() {
        Cli.Run r = script("""
                subject kinds
                subject create --kind note --title 'Write the docs' --label docs --priority 5
                subject create --kind note --title 'Fix the frobnicator' --priority 1 --assignee alice
                subject list
                subject next --kind note
                subject update note:1 --status in-progress --label +urgent --label -docs --comment started
                subject status note:2 blocked
                subject get note:1
                subject delete note:1 --yes
                subject list --kind note --status blocked
                """);
        assertEquals(0, r.exitCode(), r.err());
        List<String> out = r.out().lines().toList();
        assertEquals(
                List.of(
                        "PATTERN  PLUGIN                  NATIVE",
                        "note     notes                   -",
                        "nowatch  animus-subject-nowatch  -",
                        "note:1",
                        "note:2"),
                out.subList(0, 5));
        assertEquals("ID      KIND  STATUS  PRI  TITLE                ASSIGNEE  LABELS", out.get(5));
        assertEquals("note:2  note  ready   1    Fix the frobnicator  alice     -", out.get(6));
        assertEquals("id         note:2", out.get(8), "next: the ready one first by priority: " + r.out());
        assertTrue(out.contains("note:1 (in-progress) Write the docs"), r.out());
        assertTrue(out.contains("note:2 (blocked) Fix the frobnicator"), r.out());
        assertTrue(out.contains("labels     urgent"), "the label edits and the detail view: " + r.out());
        assertTrue(out.contains("deleted note:1"), r.out());
        assertEquals("note:2  blocked  1    Fix the frobnicator  alice", out.getLast());
        assertEquals("", r.err());
    }

    @Test
    void nextWithNothingReadyExitsOneAndAnUnknownIdIsTheBackendsError() {
        Cli.Run r = script("subject next --kind note\n");
        assertEquals(1, r.exitCode(), r.err());
        assertEquals("error: no ready subject of kind note", r.errLine());
        Cli.Run g = script("subject get note:99\n");
        assertEquals(1, g.exitCode(), g.err());
        assertTrue(g.errLine().contains("no note with id note:99"), g.err());
    }

    @Test
    void jsonDocumentsCarryTheSubjectWhole() {
        Cli.Run r =
                Cli.runWith(env, "", "--json", "subject", "create", "--kind", "note", "--title", "t", "--label", "a");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals("animus.subject.create.v1", doc.path("schema").asString());
        assertEquals("note:1", doc.path("subject").path("id").asString());
        assertEquals("a", doc.path("subject").path("labels").path(0).asString());
        assertTrue(doc.path("subject").path("custom").isObject(), "the backend's own fields pass: " + doc);
    }

    @Test
    void kindCompletesFromTheInstalledManifests() {
        Cli.Run r = Cli.runWith(env, "", "__complete", "--", "subject", "list", "--kind", "");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("note")), r.out());
    }

    /** A Tab in bash: {@code animus __complete -- --project-root P WORD... PARTIAL}, its lines. */
    List<String> tab(String... words) {
        List<String> args = new ArrayList<>(List.of("__complete", "--", "--project-root", project.toString()));
        args.addAll(List.of(words));
        Cli.Run r = Cli.runWith(env, "", args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        return r.out().lines().toList();
    }

    @Test
    void theDaemonCompletesSubjectIdsAndTheSameCommandsAsThisProcess() {
        Cli.Run made = daemon("--json", "subject", "create", "--kind", "note", "--title", "tab me");
        String id = JSON.readTree(made.out()).path("subject").path("id").asString();
        assertTrue(id.startsWith("note:"), made.out() + made.err());

        assertTrue(tab("subject", "get", "").contains(id), "the daemon lists its backends' subjects");
        assertTrue(tab("subject", "status", "note:").contains(id), "those starting with the partial word");
        assertTrue(tab("subject", "get", "zzz").isEmpty());
        assertTrue(
                tab("--no-daemon", "subject", "get", "").isEmpty(),
                "in this process a Tab runs no plugin, so it knows no subject");

        for (List<String> line : List.of(
                List.of("subject", ""),
                List.of("subject", "list", "--kind", ""),
                List.of("plugin", "call", "notes", ""),
                List.of("plugin", "st"),
                List.of("subject", "list", "--"))) {
            List<String> served = tab(line.toArray(String[]::new));
            List<String> here = new ArrayList<>(List.of("--no-daemon"));
            here.addAll(line);
            assertEquals(tab(here.toArray(String[]::new)), served, "the same completions of " + line);
            assertTrue(!served.isEmpty(), "something completes " + line);
        }
    }

    /** {@code animus} in a process of its own, as another terminal runs it. */
    Process animus(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(env.get("ANIMUS_LAUNCHER"), "--project-root", project.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, dir));
        return pb.start();
    }

    @Test
    void aSecondClientsWatchSeesTheChangesInOrderUntilCtrlC() throws Exception {
        Process watch = animus("--json", "subject", "watch", "--kind", "note");
        try {
            BufferedReader err =
                    new BufferedReader(new InputStreamReader(watch.getErrorStream(), StandardCharsets.UTF_8));
            StringBuilder said = new StringBuilder();
            for (String l;
                    !said.toString().contains("watching kind note");
                    said.append(l).append('\n')) {
                l = err.readLine();
                assertTrue(l != null, "the watch ended before it started: " + said);
            }
            Cli.Run made = daemon("subject", "create", "--kind", "note", "--title", "watched");
            assertEquals(0, made.exitCode(), made.err());
            String id = made.out().strip();
            for (String[] line : List.of(
                    new String[] {"subject", "update", id, "--assignee", "bob"},
                    new String[] {"subject", "status", id, "done"},
                    new String[] {"subject", "delete", id, "--yes"})) {
                Cli.Run r = daemon(line);
                assertEquals(0, r.exitCode(), String.join(" ", line) + ": " + r.err());
            }
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8));
            List<String> kinds = new ArrayList<>();
            while (kinds.size() < 4) {
                String l = out.readLine();
                assertTrue(l != null, "the watch ended after " + kinds);
                JsonNode e = JSON.readTree(l);
                assertEquals("animus.subject.event.v1", e.path("schema").asString(), l);
                assertEquals(id, e.path("id").asString(), l);
                kinds.add(e.path("change_kind").asString());
            }
            assertEquals(List.of("created", "updated", "status-changed", "deleted"), kinds);
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(watch.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(watch.waitFor(30, TimeUnit.SECONDS), "the watch did not end after Ctrl-C");
            assertEquals(130, watch.exitValue());
        } finally {
            watch.destroyForcibly();
        }
    }

    /**
     * The backend answers {@code subject/watch} with -32001: the daemon lists it every 2 seconds and
     * the watcher sees the same events, one poll apart (each change waits for the event of the one
     * before, so no two changes fall in one poll).
     */
    @Test
    void aBackendThatCannotWatchIsPolledByTheDaemonWithTheSameEvents() throws Exception {
        Process watch = animus("--json", "subject", "watch", "--kind", "nowatch");
        try {
            BufferedReader err =
                    new BufferedReader(new InputStreamReader(watch.getErrorStream(), StandardCharsets.UTF_8));
            StringBuilder said = new StringBuilder();
            for (String l;
                    !said.toString().contains("watching kind nowatch");
                    said.append(l).append('\n')) {
                l = err.readLine();
                assertTrue(l != null, "the watch ended before it started: " + said);
            }
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8));
            Cli.Run made = daemon("subject", "create", "--kind", "nowatch", "--title", "polled");
            assertEquals(0, made.exitCode(), made.err());
            String id = made.out().strip();
            assertEquals(List.of(id, "created"), event(out));
            Cli.Run done = daemon("subject", "status", id, "done");
            assertEquals(0, done.exitCode(), done.err());
            assertEquals(List.of(id, "status-changed"), event(out));
            Cli.Run gone = daemon("subject", "delete", id, "--yes");
            assertEquals(0, gone.exitCode(), gone.err());
            assertEquals(List.of(id, "deleted"), event(out));
        } finally {
            watch.destroyForcibly();
        }
    }

    @Test
    void waitReturnsWhenTheSubjectReachesTheStatusAndTimesOutWith124Otherwise() throws Exception {
        Cli.Run made = daemon("subject", "create", "--kind", "note", "--title", "awaited");
        assertEquals(0, made.exitCode(), made.err());
        String id = made.out().strip();
        Process wait = animus("subject", "wait", id, "--status", "done", "--timeout", "60s");
        try {
            BufferedReader err =
                    new BufferedReader(new InputStreamReader(wait.getErrorStream(), StandardCharsets.UTF_8));
            assertEquals("waiting for " + id + " to be done (it is ready; Ctrl-C stops)", err.readLine());
            Cli.Run early = daemon("subject", "wait", id, "--status", "ready");
            assertEquals(0, early.exitCode(), "already there: at once; " + early.err());
            assertTrue(early.out().contains("status     ready"), early.out());
            Cli.Run late = daemon("subject", "wait", id, "--timeout", "1s");
            assertEquals(124, late.exitCode(), late.err());
            assertEquals(
                    "error: timed out after 1s waiting for " + id + " to be done (it is ready; --timeout waits longer)",
                    late.errLine());
            Cli.Run done = daemon("subject", "status", id, "done");
            assertEquals(0, done.exitCode(), done.err());
            assertTrue(wait.waitFor(30, TimeUnit.SECONDS), "the wait did not end when the subject was done");
            assertEquals(0, wait.exitValue());
            String out = new String(wait.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(out.contains(id + " (done) awaited"), "the change, then the subject: " + out);
            assertTrue(out.contains("status     done"), out);
        } finally {
            wait.destroyForcibly();
        }
    }

    /** The id and change kind of the watch's next JSON line. */
    private static List<String> event(BufferedReader out) throws IOException {
        String l = out.readLine();
        assertTrue(l != null, "the watch ended");
        JsonNode e = JSON.readTree(l);
        assertEquals("animus.subject.event.v1", e.path("schema").asString(), l);
        assertEquals("animus-subject-nowatch", e.path("plugin").asString(), l);
        return List.of(e.path("id").asString(), e.path("change_kind").asString());
    }
}
