package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Each refusal's advice, taken as written: break the installed plugin for real, run the exact
 * command the error or {@code plugin doctor} names, and the call then succeeds (issue 19, finding 3).
 */
class RepairAdviceTest {
    /** A command the output names, in quotes or as a doctor FIX cell. */
    private static final Pattern QUOTED = Pattern.compile("'(animus plugin [^']+)'");

    private static final Pattern DOCTOR_UPDATE = Pattern.compile("animus plugin update \\S+ --path \\S+( --force)?");

    @TempDir
    Path root;

    Map<String, String> env;
    Path v1;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        v1 = TrustCommandsTest.pyecho(root.resolve("v1"), "");
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    /** {@code command} as typed ("animus plugin ..."), with {@code extra} options appended. */
    Cli.Run typed(String command, String... extra) {
        assertTrue(command.startsWith("animus "), command);
        List<String> words = new java.util.ArrayList<>(
                List.of(command.substring("animus ".length()).split(" ")));
        words.addAll(List.of(extra));
        return animus(words.toArray(String[]::new));
    }

    void runnable() {
        for (String line : List.of(
                "plugin install --path " + v1 + " --trust --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho")) {
            Cli.Run r = animus(line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        assertCalls();
    }

    void assertCalls() {
        Cli.Run call = animus("plugin", "call", "pyecho", "echo", "--params", "{\"a\":1}");
        assertEquals(0, call.exitCode(), call.err());
        assertTrue(call.out().contains("\"a\": 1"), call.out());
    }

    Path stored() throws IOException {
        return root.resolve("home/store").resolve(TrustCommandsTest.sha256(v1)).resolve("animus-plugin-pyecho");
    }

    void tamper() throws IOException {
        Path stored = stored();
        Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(stored, "# tampered\n", StandardOpenOption.APPEND);
    }

    void deleteStoreCopy() throws IOException {
        Path dir = stored().getParent();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static String quoted(String line) {
        Matcher m = QUOTED.matcher(line);
        assertTrue(m.find(), "no command named in: " + line);
        return m.group(1);
    }

    String doctorAdvice() {
        Cli.Run doctor = animus("plugin", "doctor");
        assertEquals(1, doctor.exitCode(), doctor.out() + doctor.err());
        Matcher m = DOCTOR_UPDATE.matcher(doctor.out());
        assertTrue(m.find(), "the doctor names no update: " + doctor.out());
        return m.group();
    }

    @Test
    void changedStoredCodeIsRestoredByTheCommandTheRefusalNamesKeepingItsGrants() throws IOException {
        runnable();
        tamper();
        Cli.Run refused = animus("plugin", "call", "pyecho", "echo");
        assertEquals(3, refused.exitCode(), refused.err());
        String advised = quoted(refused.errLine());
        assertEquals("animus plugin update pyecho --path " + v1, advised, refused.errLine());
        Cli.Run fix = typed(advised);
        assertEquals(0, fix.exitCode(), fix.err());
        assertTrue(fix.out().contains("restored the stored code of pyecho"), fix.out());
        assertCalls();
        JsonNode inspect = Terminal.json()
                .readTree(animus("plugin", "inspect", "pyecho", "--json").out());
        assertEquals("enabled", inspect.path("stage").asString(), "trust, consent and enablement stayed");
    }

    @Test
    void aDeletedStoreCopyIsRestoredByTheCommandTheRefusalNames() throws IOException {
        runnable();
        deleteStoreCopy();
        Cli.Run refused = animus("plugin", "call", "pyecho", "echo");
        assertEquals(3, refused.exitCode(), refused.err());
        Cli.Run fix = typed(quoted(refused.errLine()));
        assertEquals(0, fix.exitCode(), fix.err());
        assertCalls();
    }

    @Test
    void theDoctorsAdviceForChangedStoredCodeRestoresItAndTheLockVerifiesAgain() throws IOException {
        runnable();
        tamper();
        assertEquals(3, animus("plugin", "lock", "verify").exitCode(), "the lock check sees the change");
        Cli.Run fix = typed(doctorAdvice());
        assertEquals(0, fix.exitCode(), fix.err());
        Cli.Run doctor = animus("plugin", "doctor");
        assertEquals(0, doctor.exitCode(), doctor.out() + doctor.err());
        Cli.Run lock = animus("plugin", "lock", "verify");
        assertEquals(0, lock.exitCode(), lock.out() + lock.err());
        assertCalls();
    }

    @Test
    void installForceOfTheOriginalRestoresADeletedStoreCopy() throws IOException {
        runnable();
        deleteStoreCopy();
        Cli.Run install = animus("plugin", "install", "--path", v1.toString(), "--force");
        assertEquals(0, install.exitCode(), install.err());
        assertTrue(install.out().contains("restored the stored code of pyecho"), install.out());
        assertCalls();
    }

    @Test
    void whenTheOriginalChangedTooTheAdviceSaysTrustAndConsentAreNeeded() throws IOException {
        runnable();
        tamper();
        Files.writeString(v1, "# edited since\n", StandardOpenOption.APPEND);
        Cli.Run refused = animus("plugin", "call", "pyecho", "echo");
        assertEquals(3, refused.exitCode(), refused.err());
        assertTrue(
                refused.errLine().contains("'animus plugin update pyecho --path <file>'")
                        && refused.errLine().contains("trusted, consented to and enabled again"),
                refused.errLine());
        Cli.Run doctor = animus("plugin", "doctor");
        assertTrue(
                doctor.out().contains("has other bytes now")
                        && doctor.out().contains("trust, consent and enable them again"),
                doctor.out());
    }

    @Test
    void aLockPinOfOtherCodeIsSettledByTheDoctorsAdvice() throws IOException {
        runnable();
        Path lock = root.resolve("home/plugins.lock");
        String digest = TrustCommandsTest.sha256(v1);
        Files.writeString(lock, Files.readString(lock).replace(digest, "0".repeat(64)));
        assertEquals(3, animus("plugin", "lock", "verify").exitCode());
        String advised = doctorAdvice();
        assertEquals("animus plugin update pyecho --path " + v1 + " --force", advised);
        Cli.Run fix = typed(advised);
        assertEquals(0, fix.exitCode(), fix.err());
        Cli.Run verify = animus("plugin", "lock", "verify");
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        assertCalls();
    }

    @Test
    void anUnusableInterpreterIsRecordedAgainByTheTrustTheRefusalNames() throws IOException {
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path python = Files.createSymbolicLink(bin.resolve("python3"), Path.of("/usr/bin/python3"));
        env.put("PATH", bin + ":/usr/bin:/bin");
        runnable();
        Files.delete(python);
        Cli.Run refused = animus("plugin", "call", "pyecho", "echo");
        assertEquals(2, refused.exitCode(), refused.err());
        String advised = quoted(refused.errLine());
        assertEquals("animus plugin trust pyecho", advised, refused.errLine());
        Cli.Run doctor = animus("plugin", "doctor", "--wide");
        assertTrue(doctor.out().contains(python.toString()) && doctor.out().contains(advised), doctor.out());
        Cli.Run fix = typed(advised, "--yes");
        assertEquals(0, fix.exitCode(), fix.err());
        assertCalls();
    }

    @Test
    void doctorFixRestoresStoredCodeWithoutAskingAndAsksBeforeMovingAPin() throws IOException {
        runnable();
        tamper();
        Path lock = root.resolve("home/plugins.lock");
        String digest = TrustCommandsTest.sha256(v1);
        Files.writeString(lock, Files.readString(lock).replace(digest, "0".repeat(64)));
        Cli.Run unasked = animus("plugin", "doctor", "--fix", "--wide");
        assertEquals(1, unasked.exitCode(), "the pin needs a yes, and there is no one to ask: " + unasked.err());
        assertTrue(unasked.out().contains("fixed: restored the stored code of pyecho"), unasked.out());
        assertTrue(unasked.err().contains("not done: pin pyecho"), unasked.err());
        assertTrue(unasked.out().contains("pins sha256 " + "0".repeat(64)), "left, with its fix: " + unasked.out());
        assertCalls();
        Cli.Run confirmed = animus("plugin", "doctor", "--fix", "--yes", "--json");
        assertEquals(0, confirmed.exitCode(), confirmed.out() + confirmed.err());
        JsonNode doc = Terminal.json().readTree(confirmed.out());
        assertTrue(doc.path("ok").asBoolean(), doc.toString());
        assertTrue(doc.path("fixed").get(0).asString().startsWith("pinned pyecho"), doc.toString());
        assertEquals(0, animus("plugin", "lock", "verify").exitCode());
    }

    @Test
    void doctorFixPrunesTheHomesOwnStalePinsAndReportsWhatItDid() throws IOException {
        runnable();
        Path lock = root.resolve("home/plugins.lock");
        String gone = Files.readString(lock).replace("name = \"pyecho\"", "name = \"gone\"");
        Files.writeString(lock, Files.readString(lock) + gone.substring(gone.indexOf("[[plugin]]")));
        Cli.Run fix = animus("plugin", "doctor", "--fix");
        assertEquals(0, fix.exitCode(), fix.out() + fix.err());
        assertTrue(fix.out().contains("fixed: dropped the pins of gone"), fix.out());
        assertFalse(Files.readString(lock).contains("\"gone\""), Files.readString(lock));
        assertCalls();
    }

    @Test
    void anUnreadableStateDocumentsAdviceMovesItAsideAndTheNextAdviceIsTheInstall() throws IOException {
        runnable();
        Path state = root.resolve("home/state/state.json");
        Files.writeString(state, "{ not json");
        Cli.Run refused = animus("plugin", "call", "pyecho", "echo");
        assertEquals(1, refused.exitCode(), refused.err());
        String advised = quoted(refused.errLine());
        assertEquals("animus plugin state repair", advised, refused.errLine());
        Cli.Run fix = typed(advised, "--yes");
        assertEquals(0, fix.exitCode(), fix.err());
        Cli.Run next = animus("plugin", "call", "pyecho", "echo");
        assertTrue(
                next.errLine().contains("no plugin named 'pyecho' is installed")
                        && next.errLine().contains("animus plugin install --path <file>"),
                "the grants were not carried over: " + next.err());
        runnable();
    }
}
