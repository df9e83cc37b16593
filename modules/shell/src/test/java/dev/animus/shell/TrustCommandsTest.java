package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** install → trust → consent → enable → call, and the operator tools around them, as a user runs them. */
class TrustCommandsTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path v1;
    Path v2;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        v1 = pyecho(root.resolve("v1"), "");
        v2 = pyecho(root.resolve("v2"), "# version two\n");
    }

    static Path pyecho(Path dir, String extra) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve("animus-plugin-pyecho");
        Files.writeString(p, Files.readString(Path.of(Cli.pythonEcho())) + extra);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    static String sha256(Path p) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    Cli.Run script(String... lines) {
        return Cli.runWith(
                env,
                String.join("\n", lines) + "\n",
                "--project-root",
                root.resolve("project").toString(),
                "--keep-going");
    }

    @Test
    void theWholeFlowInScriptMode() throws IOException {
        String d1 = sha256(v1);
        String d2 = sha256(v2);
        Cli.Run r = script(
                "plugin install --path " + v1 + " --no-trust",
                "plugin trust pyecho --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho",
                "plugin call pyecho echo --params '{\"hello\": \"world\"}'",
                "plugin inspect pyecho",
                "plugin disable pyecho",
                "plugin call pyecho echo --params '{\"refused\": true}'",
                "plugin update pyecho --path " + v2 + " --no-trust",
                "plugin rollback pyecho",
                "plugin inspect pyecho --json");
        assertEquals(2, r.exitCode(), "the refused call is the last failing command: " + r.err());
        String out = r.out();
        List<String> expected = List.of(
                "installed pyecho (file, sha256 " + d1 + ")",
                "next           animus plugin trust pyecho",
                "trusted pyecho (sha256 " + d1 + ")",
                "manifest       pyecho 0.1.0 (custom)",
                "disclosure of pyecho (consent digest ",
                "  capabilities   $/ping, echo, env, health/check, stream",
                "consented to pyecho's disclosure (digest ",
                "enabled pyecho for agent default",
                "\"hello\": \"world\"",
                "stage          enabled (agent default)",
                "artifact valid yes",
                "consented      yes",
                "enabled for    default",
                "disabled pyecho for all agents",
                "updated pyecho to sha256 " + d2,
                "previous       " + d1 + " (animus plugin rollback pyecho)",
                "rolled back pyecho to sha256 " + d1);
        int from = 0;
        for (String piece : expected) {
            int at = out.indexOf(piece, from);
            assertTrue(at >= 0, "missing (in order) '" + piece + "' in:\n" + out);
            from = at + piece.length();
        }
        List<String> errors =
                r.err().lines().filter(l -> l.startsWith("error:")).toList();
        assertEquals(
                List.of("error: plugin pyecho is not enabled for agent default; to run it: animus plugin enable pyecho"
                        + " --agent default"),
                errors,
                r.err());
        JsonNode last = Terminal.json().readTree(out.substring(out.lastIndexOf("{\n  \"schema\"")));
        assertEquals("animus.plugin.inspect.v1", last.path("schema").asString());
        assertEquals(d1, last.path("sha256").asString());
        assertEquals(d2, last.path("previous_sha256").asString());
        assertEquals("consented", last.path("stage").asString(), "trusted and consented earlier, not enabled");
        assertEquals(0, last.path("enabled_agents").size());
        assertTrue(last.path("artifact_valid").asBoolean());
    }

    @Nested
    class Confirmations {
        @Test
        void withoutATerminalTrustAndConsentRefuseAndNameTheFlag() {
            assertEquals(
                    0,
                    animus("plugin", "install", "--path", v1.toString(), "--no-trust")
                            .exitCode());
            Cli.Run trust = animus("plugin", "trust", "pyecho");
            assertEquals(2, trust.exitCode());
            assertTrue(trust.errLine().contains("--yes"), trust.err());
            Cli.Run install = animus("plugin", "install", "--path", v2.toString(), "--name", "other", "--trust");
            assertEquals(2, install.exitCode());
            assertTrue(install.errLine().contains("--yes"), install.err());
            Cli.Run inspect = animus("plugin", "inspect", "pyecho", "--json");
            assertEquals(
                    "untrusted",
                    Terminal.json().readTree(inspect.out()).path("stage").asString());
        }
    }

    @Nested
    class Verification {
        @Test
        void lockVerifyExitsThreeWhenStoredCodeNoLongerMatchesItsPin() throws IOException {
            assertEquals(
                    0,
                    animus("plugin", "install", "--path", v1.toString(), "--no-trust")
                            .exitCode());
            Cli.Run ok = animus("plugin", "lock", "verify");
            assertEquals(0, ok.exitCode(), ok.err());
            assertTrue(
                    ok.out()
                            .lines()
                            .anyMatch(l -> l.matches(
                                    "pyecho +match +" + sha256OrFail(v1).substring(0, 12) + " +ok")),
                    ok.out());
            Path stored = storedFile(sha256(v1));
            Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.writeString(stored, "# tampered\n", StandardOpenOption.APPEND);
            Cli.Run bad = animus("plugin", "lock", "verify", "--json");
            assertEquals(3, bad.exitCode(), bad.err());
            JsonNode row = Terminal.json().readTree(bad.out()).path("plugins").get(0);
            assertEquals("mismatch", row.path("status").asString());
            assertEquals(sha256(stored), row.path("actual_sha256").asString());
        }

        @Test
        void aTamperedPluginIsRefusedAtTheNextCallWithExitThreeNamingBothDigests() throws IOException {
            for (String line : List.of(
                    "plugin install --path " + v1 + " --trust --yes",
                    "plugin consent pyecho --yes",
                    "plugin enable pyecho")) {
                assertEquals(0, animus(line.split(" ")).exitCode(), line);
            }
            Path stored = storedFile(sha256(v1));
            Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.writeString(stored, "# tampered\n", StandardOpenOption.APPEND);
            Cli.Run r = animus("plugin", "call", "pyecho", "echo");
            assertEquals(3, r.exitCode(), r.err());
            assertTrue(r.errLine().contains(sha256(v1)) && r.errLine().contains(sha256(stored)), r.err());
        }

        @Test
        void aMethodMissingFromTheConsentedDisclosureIsRefusedWithExitTwoNamingItAndTheFix() {
            for (String line : List.of(
                    "plugin install --path " + v1 + " --trust --yes",
                    "plugin consent pyecho --yes",
                    "plugin enable pyecho")) {
                assertEquals(0, animus(line.split(" ")).exitCode(), line);
            }
            Cli.Run r = animus("plugin", "call", "pyecho", "files/export");
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(
                    "error: plugin pyecho did not disclose the method files/export, so it was not sent: only the"
                            + " methods its consented manifest declares are; if a newer version declares it, install it with"
                            + " 'animus plugin update pyecho --path <file>' and consent again with 'animus plugin consent"
                            + " pyecho'",
                    r.errLine(),
                    r.err());
            Cli.Run lifecycle = animus("plugin", "call", "pyecho", "shutdown");
            assertEquals(2, lifecycle.exitCode(), lifecycle.err());
            assertTrue(lifecycle.errLine().contains("shutdown belongs to the protocol's lifecycle"), lifecycle.err());
        }

        @Test
        void anUnreadableStateDocumentIsAOneLineErrorAndIsLeftByteIdentical() throws IOException {
            Path state = Files.createDirectories(root.resolve("home/state")).resolve("state.json");
            Files.writeString(state, "{\"schema_version\": 99, \"revision\": 7, \"plugins\": {}}\n");
            byte[] before = Files.readAllBytes(state);
            Cli.Run r = animus("plugin", "install", "--path", v1.toString(), "--no-trust");
            assertEquals(1, r.exitCode());
            assertTrue(r.errLine().contains(state.toString()) && r.errLine().contains("schema_version"), r.err());
            assertArrayEquals(before, Files.readAllBytes(state));
            Cli.Run repair = animus("plugin", "state", "repair", "--yes");
            assertEquals(1, repair.exitCode(), "a newer schema is never moved aside: " + repair.err());
            assertArrayEquals(before, Files.readAllBytes(state));
        }

        @Test
        void aCorruptLockfileMakesInstallRefuseUntilExplicitlyRewritten() throws IOException {
            Path lock = Files.createDirectories(root.resolve("home")).resolve("plugins.lock");
            Files.writeString(lock, "schema_version = 1\n[[plugin]\nname = \"broken\n");
            byte[] before = Files.readAllBytes(lock);
            Cli.Run refused = animus("plugin", "install", "--path", v1.toString(), "--no-trust");
            assertEquals(1, refused.exitCode(), refused.err());
            assertTrue(
                    refused.errLine().contains(lock.toString())
                            && refused.errLine().contains("--rewrite-lockfile"),
                    refused.err());
            assertArrayEquals(before, Files.readAllBytes(lock));
            assertTrue(!Files.exists(root.resolve("home/state/state.json")), "nothing was recorded");
            Cli.Run rewritten =
                    animus("plugin", "install", "--path", v1.toString(), "--rewrite-lockfile", "--no-trust");
            assertEquals(0, rewritten.exitCode(), rewritten.err());
            assertTrue(Files.readString(lock).contains("artifact_sha256 = \"" + sha256(v1) + "\""));
        }

        @Test
        void doctorNamesEveryBlockerWithItsFix() {
            assertEquals(
                    0,
                    animus("plugin", "install", "--path", v1.toString(), "--no-trust")
                            .exitCode());
            Cli.Run r = animus("plugin", "doctor");
            assertEquals(1, r.exitCode(), r.err());
            assertTrue(
                    r.out()
                            .lines()
                            .anyMatch(l -> l.startsWith("pyecho")
                                    && l.contains("not trusted")
                                    && l.endsWith("animus plugin trust pyecho")),
                    r.out());
        }
    }

    private String sha256OrFail(Path p) {
        try {
            return sha256(p);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Path storedFile(String digest) {
        return root.resolve("home/store").resolve(digest).resolve("animus-plugin-pyecho");
    }
}
