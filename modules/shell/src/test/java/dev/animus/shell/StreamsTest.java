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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results on stdout, also empty and all-good ones; diagnostics on stderr (docs/cli.md#output-streams).
 * Every leaf command that prints a result, run where it has nothing (or nothing wrong) to report,
 * answers on stdout and leaves stderr empty; and a count reads "1 plugin", not "1 plugins".
 */
class StreamsTest {
    @TempDir
    Path root;

    Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
    }

    Cli.Run animus(String... args) {
        List<String> all = new ArrayList<>(
                List.of("--project-root", root.resolve("project").toString()));
        all.addAll(List.of(args));
        return Cli.runWith(env, "", all.toArray(String[]::new));
    }

    /** {@code args} succeeds with a result on stdout containing {@code said}, and nothing on stderr. */
    void answersOnStdoutOnly(String said, String... args) {
        Cli.Run r = animus(args);
        String what = String.join(" ", args);
        assertEquals(0, r.exitCode(), what + ": " + r.err());
        assertTrue(r.out().contains(said), what + " says '" + said + "' on stdout: [" + r.out() + "]");
        assertEquals("", r.err(), what + " writes nothing on stderr");
    }

    @Test
    void anEmptyPluginList() {
        answersOnStdoutOnly("no plugins installed or found", "plugin", "list");
    }

    @Test
    void anEmptyStatus() {
        answersOnStdoutOnly("no plugins have run in this process", "plugin", "status");
    }

    @Test
    void anEmptyManifestCache() {
        answersOnStdoutOnly("the manifest cache is empty", "plugin", "cache", "list");
        answersOnStdoutOnly("removed 0 cached manifests", "plugin", "cache", "clear");
    }

    @Test
    void noTrustedGithubOwner() {
        answersOnStdoutOnly("no GitHub owner is trusted yet", "trust-orgs", "list");
    }

    @Test
    void nothingLocked() {
        answersOnStdoutOnly("nothing is locked", "plugin", "lock", "verify");
        answersOnStdoutOnly("(no entries)", "plugin", "lock", "show");
        answersOnStdoutOnly("nothing to prune", "plugin", "lock", "prune");
    }

    @Test
    void aDoctorThatFindsNoProblem() {
        answersOnStdoutOnly("no problems found", "plugin", "doctor");
    }

    @Test
    void aPluginWithoutSecrets() throws IOException {
        Path bare = Cli.python(root, "animus-plugin-bare", "import sys\nsys.exit(0)\n");
        Cli.Run installed = animus("plugin", "install", "--path", bare.toString(), "--no-trust");
        assertEquals(0, installed.exitCode(), installed.err());
        answersOnStdoutOnly("declares no secret and none is stored", "secret", "status", "bare");
        answersOnStdoutOnly("no secret token was stored", "secret", "forget", "bare", "token");
    }

    /** A value that is not known reads "-" in every table (plugin list and lock show alike), never "unknown". */
    @Test
    void aValueNotKnownReadsADash() throws IOException {
        Path bare = Cli.python(root, "animus-plugin-bare", "import sys\nsys.exit(0)\n");
        assertEquals(
                0,
                animus("plugin", "install", "--path", bare.toString(), "--no-trust")
                        .exitCode());
        Cli.Run lock = animus("plugin", "lock", "show");
        assertTrue(lock.out().lines().anyMatch(l -> l.matches("bare +- +path .*")), lock.out());
        assertFalse(lock.out().contains("unknown"), lock.out());
    }

    @Test
    void aReadableStateCountsItsPluginsInWords() throws IOException {
        Path bare = Cli.python(root, "animus-plugin-bare", "import sys\nsys.exit(0)\n");
        assertEquals(
                0,
                animus("plugin", "install", "--path", bare.toString(), "--no-trust")
                        .exitCode());
        Cli.Run r = animus("plugin", "state", "repair");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("1 plugin)"), r.out());
        assertFalse(r.out().contains("1 plugins"), r.out());
    }
}
