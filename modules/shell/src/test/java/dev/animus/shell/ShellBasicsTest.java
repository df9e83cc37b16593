package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive shell's own conveniences on a real pseudo-terminal (tmux): the welcome line,
 * the short {@code help}, {@code history}, {@code clear}, leaving the continuation prompt, and the
 * spinner of a slow command. Two sessions, several checks each (every session costs a JVM start).
 */
class ShellBasicsTest {
    /** A frame of the spinner, its elapsed time and its hint, as the whole line. */
    private static final String SPINNER = "[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \\d+\\.\\ds \\(Ctrl-C cancels\\)";

    private static Path tmux;

    @TempDir
    Path dir;

    private Map<String, String> env;
    private final List<TmuxSession> sessions = new ArrayList<>();

    @BeforeAll
    static void needsTmux() {
        tmux = TmuxSession.tmux().orElse(null);
        if (tmux == null) {
            String why = "ShellBasicsTest skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)";
            System.err.println(why);
            Assumptions.abort(why);
        }
    }

    @BeforeEach
    void ownHome() {
        env = Cli.env(dir); // HOME is dir, ANIMUS_HOME dir/home
        env.put("LANG", "C.UTF-8");
        env.put("ANIMUS_KEYRING", "file");
    }

    @AfterEach
    void closeTheTerminals() throws IOException {
        for (TmuxSession s : sessions) {
            s.close();
        }
    }

    @Test
    void welcomeShortHelpHistoryAndClear() throws Exception {
        Path project = Files.createDirectories(dir.resolve("work/app"));
        TmuxSession s = shell(project);
        s.awaitLine(
                "animus \\S+ · home ~/home · project ~/work/app · no daemon: plugins run in this shell · type help");

        s.type("help");
        s.press("Enter");
        String help = s.awaitLine("'help COMMAND' prints the full help of any command, e.g. 'help plugin install'\\.");
        assertTrue(help.lines().anyMatch(l -> l.matches("  history \\[N]\\s+the lines typed, numbered.*")), help);
        assertTrue(help.lines().anyMatch(l -> l.matches("  plugin\\s+Work with plugins\\.")), help);
        assertFalse(help.contains("Usage:"), "help alone is the shell's short list, not the CLI's page:\n" + help);

        s.type("help plugin call");
        s.press("Enter");
        s.awaitLine("Usage: animus plugin call .*");

        s.type("clear");
        s.press("Enter");
        String cleared = s.await(
                "an empty screen with the prompt at the top",
                t -> t.lines()
                        .filter(l -> !l.isBlank())
                        .map(String::stripTrailing)
                        .toList()
                        .equals(List.of("animus>")));
        assertFalse(cleared.contains("Usage:"), cleared);

        s.type("plugin list");
        s.press("Enter");
        s.type("history");
        s.press("Enter");
        String history = s.awaitLine("5  history");
        List<String> listed = history.lines().filter(l -> l.matches("\\d+  .*")).toList();
        assertEquals(List.of("1  help", "2  help plugin call", "3  clear", "4  plugin list", "5  history"), listed);

        s.type("history 2");
        s.press("Enter");
        String last = s.awaitLine("6  history 2");
        assertEquals(
                "5  history", last.lines().toList().get(last.lines().toList().lastIndexOf("6  history 2") - 1));

        // Ctrl-D at an empty prompt still ends the shell (it aborts only a continued line)
        s.press("C-d");
        s.awaitLine("\\[exited 0\\]");
    }

    @Test
    void theContinuationPromptLetsGoAndASlowCommandShowsASpinnerUntilItPrints() throws Exception {
        TmuxSession s = shell(dir);

        // Ctrl-C at ...> drops the lines typed so far: the next line is a command of its own
        s.type("plugin call x y --params '{\"a\":");
        s.press("Enter");
        s.awaitLine("\\s*\\.\\.\\.>");
        s.press("C-c");
        awaitFreshPrompt(s);
        s.type("clear");
        s.press("Enter");
        // the last line reads "animus>" again before tmux echoed "clear": wait for the cleared screen itself
        String cleared = awaitClearedScreen(s);
        assertFalse(cleared.contains("...>"), "clear ran as a command of its own:\n" + cleared);

        // so does Ctrl-D there (at an empty prompt it still ends the shell: the other test)
        s.type("plugin call x y --params '[1,");
        s.press("Enter");
        s.awaitLine("\\s*\\.\\.\\.>");
        s.type("2,");
        s.press("Enter");
        s.await(
                "a second continuation line",
                t -> t.lines().filter(l -> l.matches("\\s*\\.\\.\\.>.*")).count() == 2);
        s.press("C-d");
        awaitFreshPrompt(s);
        s.type("clear");
        s.press("Enter");
        awaitClearedScreen(s);

        // JSON left open before more words can never be closed: the line runs instead of waiting
        s.type("plugin call x y --params '{\"a\": 1' --timeout 5");
        s.press("Enter");
        String refused = s.awaitLine("error: .*");
        assertFalse(refused.contains("...>"), refused);

        // a slow start: the spinner after a quiet second, erased before the result
        Path slow = slowStart(dir.resolve("src"), "animus-plugin-slowstart");
        s.type("clear");
        s.press("Enter");
        awaitClearedScreen(s);
        s.type("plugin dev " + slow + " call echo --params '{\"n\": 7}'");
        s.press("Enter");
        s.awaitLine(SPINNER);
        String answered = s.awaitLine("\\s*\"n\": 7");
        s.awaitLine("animus>");
        assertFalse(answered.contains("Ctrl-C cancels"), "the spinner was left on the screen:\n" + answered);

        // and erased by Ctrl-C, so the cancellation starts its own line (another plugin: that one is warm)
        slow = slowStart(dir.resolve("src"), "animus-plugin-slowstart-too");
        s.type("clear");
        s.press("Enter");
        awaitClearedScreen(s);
        s.type("plugin dev " + slow + " call echo --params '{}'");
        s.press("Enter");
        s.awaitLine(SPINNER);
        s.press("C-c");
        String cancelled = s.awaitLine("error: .*cancelled.*");
        assertFalse(cancelled.contains("Ctrl-C cancels"), cancelled);
        // (no Ctrl-D here: the sh that runs the shell in tmux got the SIGINT too, and ends with it)
    }

    /** The Python example, answering its handshake only after 3 s. */
    private static Path slowStart(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        String script = Files.readString(Path.of(Cli.pythonEcho()));
        String slow = script.replace("    serve()\n    return 0", "    time.sleep(3)\n    serve()\n    return 0");
        assertTrue(!slow.equals(script) && slow.contains("import time"), "the example changed shape");
        return Cli.python(dir, name, slow.substring(slow.indexOf('\n') + 1));
    }

    /** The screen after {@code clear}: the prompt alone at the top (a "...>" left would fail to match). */
    private static String awaitClearedScreen(TmuxSession s) throws IOException, InterruptedException {
        return s.await(
                "an empty screen with the prompt at the top",
                t -> t.lines()
                        .filter(l -> !l.isBlank())
                        .map(String::stripTrailing)
                        .toList()
                        .equals(List.of("animus>")));
    }

    private static void awaitFreshPrompt(TmuxSession s) throws IOException, InterruptedException {
        s.await(
                "a fresh prompt",
                t -> t.lines()
                        .filter(l -> !l.isBlank())
                        .reduce((x, y) -> y)
                        .orElse("")
                        .stripTrailing()
                        .equals("animus>"));
    }

    /** {@code animus} with no arguments on a terminal in {@code workingDirectory}, with the launcher's options. */
    private TmuxSession shell(Path workingDirectory) throws IOException, InterruptedException {
        List<String> cmd = AnimusJvm.command("--enable-native-access=org.jline.terminal.ffm");
        TmuxSession s = TmuxSession.start(
                tmux, dir.resolve("tmux-" + sessions.size() + ".sock"), workingDirectory, Cli.requireOwnHome(env), cmd);
        sessions.add(s);
        s.awaitLine("animus>");
        return s;
    }
}
