package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-confirmation install and update of docs/cli.md#one-confirmation, with the Python
 * example: one screen, one question, all or nothing; and every refusal to run naming the whole
 * remaining chain as one line that, run as it is, makes the call work.
 */
class OneConfirmationTest {
    private static final String CALL_PARAMS = "{\"a\":1}";

    @TempDir
    Path root;

    Map<String, String> env;
    Path project;

    @BeforeEach
    void setUp() throws IOException {
        env = Cli.env(root);
        project = Files.createDirectories(root.resolve("project"));
    }

    private String[] inProject(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--project-root";
        all[1] = project.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return all;
    }

    Cli.Run animus(String... args) {
        return Cli.runWith(env, "", inProject(args));
    }

    /** At a terminal, answering the questions with the lines of {@code typed}. */
    Cli.Run atTerminal(String typed, String... args) {
        return Cli.runAtTerminal(env, typed, inProject(args));
    }

    Cli.Run call() {
        return animus("plugin", "call", "pyecho", "echo", "--params", CALL_PARAMS);
    }

    static void assertCallWorks(Cli.Run call) {
        assertEquals(0, call.exitCode(), call.err());
        assertEquals("{\n  \"a\": 1\n}\n", call.out());
    }

    /** Nothing of pyecho is recorded: not installed, not pinned, no code in the store. */
    void assertNothingPersisted() throws IOException {
        Cli.Run inspect = animus("plugin", "inspect", "pyecho");
        assertEquals(2, inspect.exitCode(), inspect.out() + inspect.err());
        assertTrue(inspect.errLine().contains("not installed"), inspect.err());
        Path lock = root.resolve("home/plugins.lock");
        assertTrue(!Files.exists(lock) || !Files.readString(lock).contains("pyecho"), "no pin is left behind");
        Path store = root.resolve("home/store");
        if (Files.isDirectory(store)) {
            try (Stream<Path> entries = Files.list(store)) {
                assertEquals(
                        List.of(),
                        entries.filter(p -> !p.getFileName().toString().startsWith("."))
                                .toList(),
                        "no code is left in the store");
            }
        }
    }

    /** The acceptance: from a fresh home, two commands, each in its own JVM. */
    @Test
    void fromAFreshHomeInstallWithYesThenCallIsTwoCommands() throws Exception {
        Process install = process("plugin", "install", "--path", Cli.pythonEcho(), "--yes");
        String installOut = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String installErr = new String(install.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(install.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, install.exitValue(), installErr);
        assertTrue(installOut.contains("enabled        for agent default"), installOut);
        assertTrue(installErr.contains("disclosure of pyecho"), "the screen is shown on stderr: " + installErr);

        Process call = process("plugin", "call", "pyecho", "echo", "--params", CALL_PARAMS);
        String callOut = new String(call.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String callErr = new String(call.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(call.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, call.exitValue(), callErr);
        assertEquals("{\n  \"a\": 1\n}\n", callOut);
    }

    private Process process(String... args) throws IOException {
        List<String> cmd = AnimusJvm.command();
        cmd.addAll(Arrays.asList(inProject(args)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        Cli.childEnvironment(pb.environment(), root);
        return pb.start();
    }

    @Test
    void theScreenShowsEverythingAndTheQuestionIsAskedOnce() {
        Cli.Run r = atTerminal("y\n", "plugin", "install", "--path", Cli.pythonEcho());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(1, r.err().split("\\[y/N]", -1).length - 1, "one question: " + r.err());
        assertTrue(
                r.err().contains("install, trust, consent and enable plugin pyecho for agent default? [y/N]"), r.err());
        for (String shown : List.of("sha256 ", "source ", "signature ", "disclosure of pyecho", "capabilities ")) {
            assertTrue(r.err().contains(shown), "the screen shows " + shown + ": " + r.err());
        }
        assertCallWorks(call());
    }

    @Test
    void answeringNoChangesNothingPersisted() throws IOException {
        Cli.Run r = atTerminal("n\n", "plugin", "install", "--path", Cli.pythonEcho());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.err().split("\\[y/N]", -1).length - 1, "one question: " + r.err());
        assertTrue(r.err().contains("error: install plugin pyecho: not confirmed; nothing was changed"), r.err());
        assertNothingPersisted();
    }

    @Test
    void withoutATerminalAndWithoutYesItIsAUsageErrorNamingYesAndNothingIsPersisted() throws IOException {
        Cli.Run r = animus("plugin", "install", "--path", Cli.pythonEcho());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.errLine().contains("--yes"), r.err());
        assertNothingPersisted();
    }

    @Test
    void noEnableLeavesItConsentedButNotEnabledAndTheRefusalNamesTheEnable() {
        Cli.Run r = animus("plugin", "install", "--path", Cli.pythonEcho(), "--yes", "--no-enable");
        assertEquals(0, r.exitCode(), r.err());
        Cli.Run inspect = animus("plugin", "inspect", "pyecho");
        assertEquals(0, inspect.exitCode(), inspect.err());
        assertTrue(inspect.out().contains("consented"), inspect.out());
        Cli.Run refused = call();
        assertEquals(2, refused.exitCode(), refused.err());
        assertEquals(
                "error: plugin pyecho is not enabled for agent default; to run it: "
                        + "animus plugin enable pyecho --agent default",
                refused.errLine());
        runChain(refused);
        assertCallWorks(call());
    }

    @Test
    void aNotTrustedRefusalNamesTheWholeChainAndRunningItMakesTheCallWork() {
        assertEquals(
                0,
                animus("plugin", "install", "--path", Cli.pythonEcho(), "--no-trust")
                        .exitCode());
        Cli.Run refused = call();
        assertEquals(2, refused.exitCode(), refused.err());
        assertEquals(
                "error: plugin pyecho is not trusted; to run it: animus plugin trust pyecho"
                        + " && animus plugin consent pyecho && animus plugin enable pyecho --agent default",
                refused.errLine());
        runChain(refused);
        assertCallWorks(call());
    }

    @Test
    void aNotConsentedRefusalNamesConsentAndEnableForTheAgentAsked() {
        assertEquals(
                0,
                animus("plugin", "install", "--path", Cli.pythonEcho(), "--trust", "--yes")
                        .exitCode());
        Cli.Run refused = animus("--agent", "coder", "plugin", "call", "pyecho", "echo", "--params", CALL_PARAMS);
        assertEquals(2, refused.exitCode(), refused.err());
        assertEquals(
                "error: plugin pyecho is not consented; to run it: animus plugin consent pyecho"
                        + " && animus plugin enable pyecho --agent coder",
                refused.errLine());
        runChain(refused);
        Cli.Run call = animus("--agent", "coder", "plugin", "call", "pyecho", "echo", "--params", CALL_PARAMS);
        assertCallWorks(call);
    }

    @Test
    void aStepRefusalNamesTheStepsItNeeds() {
        assertEquals(
                0,
                animus("plugin", "install", "--path", Cli.pythonEcho(), "--no-trust")
                        .exitCode());
        Cli.Run refused = animus("plugin", "enable", "pyecho");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(
                refused.errLine()
                        .endsWith("; run: animus plugin trust pyecho && animus plugin consent pyecho"
                                + " && animus plugin enable pyecho --agent default"),
                refused.errLine());
        runChain(refused);
        assertCallWorks(call());
    }

    @Test
    void aPluginFoundButNotInstalledNamesTheOneStepInstall() throws IOException {
        Path plugins = Files.createDirectories(project.resolve(".animus/plugins"));
        Path exe = plugins.resolve("animus-plugin-pyecho");
        Files.copy(Path.of(Cli.pythonEcho()), exe);
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwx------"));
        Cli.Run refused = call();
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.errLine().endsWith("; to run it: animus plugin install --path " + exe), refused.errLine());
        runChain(refused);
        assertCallWorks(call());
    }

    /**
     * Runs the chain {@code refused} ends with, command by command as a shell runs {@code a && b},
     * at a terminal where each question is answered yes.
     */
    private void runChain(Cli.Run refused) {
        String line = refused.errLine();
        int colon = Math.max(line.lastIndexOf("; to run it: "), line.lastIndexOf("; run: "));
        assertTrue(colon > 0, line);
        String chain = line.substring(line.indexOf(": ", colon) + 2);
        for (String command : chain.split(" && ")) {
            List<String> words = new ArrayList<>(Arrays.asList(command.split(" ")));
            assertEquals("animus", words.removeFirst(), command);
            Cli.Run step = atTerminal("y\n", words.toArray(String[]::new));
            assertEquals(0, step.exitCode(), command + ": " + step.err());
        }
    }

    @Test
    void updateShowsWhatChangedInTheDisclosureAndAsksOnceForTheWholeChain() throws IOException {
        assertEquals(
                0,
                animus("plugin", "install", "--path", Cli.pythonEcho(), "--yes").exitCode());
        Path v2dir = Files.createDirectories(root.resolve("v2"));
        Path v2 = v2dir.resolve("animus-plugin-pyecho");
        Files.writeString(
                v2,
                Files.readString(Path.of(Cli.pythonEcho()))
                        .replace(
                                "METHODS = [\"$/ping\", \"health/check\", \"echo\", \"stream\", \"env\"]",
                                "" + "METHODS = [\"$/ping\", \"health/check\", \"echo\", \"stream\", \"shout\"]"));
        Files.setPosixFilePermissions(v2, PosixFilePermissions.fromString("rwx------"));

        Cli.Run no = atTerminal("n\n", "plugin", "update", "pyecho", "--path", v2.toString());
        assertEquals(1, no.exitCode(), no.err());
        assertEquals(1, no.err().split("\\[y/N]", -1).length - 1, "one question: " + no.err());
        assertTrue(no.err().contains("changes to what it declares:"), no.err());
        assertTrue(no.err().lines().anyMatch(l -> l.matches(" +capabilities +\\+ shout")), no.err());
        assertTrue(no.err().lines().anyMatch(l -> l.matches(" +capabilities +- env")), no.err());
        assertTrue(
                no.err().contains("update, trust, consent and enable plugin pyecho for agent default? [y/N]"),
                no.err());
        assertCallWorks(call()); // a no keeps the old code, trusted, consented and enabled

        Cli.Run refusedWithoutTerminal = animus("plugin", "update", "pyecho", "--path", v2.toString());
        assertEquals(2, refusedWithoutTerminal.exitCode(), refusedWithoutTerminal.err());
        assertTrue(refusedWithoutTerminal.errLine().contains("--yes"), refusedWithoutTerminal.err());
        // refused before the new code is stored or run: no screen (its manifest was never read)
        assertEquals(1, refusedWithoutTerminal.err().lines().count(), refusedWithoutTerminal.err());

        Cli.Run yes = animus("plugin", "update", "pyecho", "--path", v2.toString(), "--yes");
        assertEquals(0, yes.exitCode(), yes.err());
        assertTrue(yes.out().contains("enabled        for agent default"), yes.out());
        assertCallWorks(call());
        Cli.Run gone = animus("plugin", "call", "pyecho", "env");
        assertFalse(gone.exitCode() == 0, "env is no longer declared: " + gone.out());
    }
}
