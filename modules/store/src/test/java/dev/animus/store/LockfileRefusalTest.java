package dev.animus.store;

import static dev.animus.store.LockEntries.path;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Lockfiles that cannot be read fail closed: reads refuse, saves refuse and leave every byte as it was. */
class LockfileRefusalTest {
    private static final String ECHO = """
            [[plugin]]
            name = "echo"
            version = "0.1.0"
            source = "path"
            origin = "/abs/path/animus-plugin-echo"
            artifact_sha256 = "%s"
            sha256_verified = true
            signature = "unsigned"
            installed_at = "2026-11-30T12:00:00Z"
            """.formatted(LockEntries.sha256("echo"));
    private static final String VALID = "schema_version = 1\n\n" + ECHO;

    @TempDir
    Path dir;

    Path file;
    LockfileStore store;

    @BeforeEach
    void createStore() {
        file = dir.resolve("plugins.lock");
        store = new LockfileStore(file, LockfileStoreTest.WAIT);
    }

    static Stream<Arguments> corrupt() {
        return Stream.of(
                damaged("not TOML", "schema_version = 1\n[[plugin]\n", "is not valid TOML at line"),
                damaged("an empty file", "", "has no schema_version"),
                damaged("no schema_version", ECHO, "has no schema_version"),
                damaged(
                        "a string schema_version",
                        VALID.replace("schema_version = 1", "schema_version = \"1\""),
                        "schema_version: must be an integer"),
                damaged(
                        "schema_version 0",
                        VALID.replace("schema_version = 1", "schema_version = 0"),
                        "schema_version 0 is not one any animus writes"),
                damaged(
                        "plugin as a value",
                        "schema_version = 1\nplugin = \"echo\"\n",
                        "plugin: must be an array of tables"),
                damaged(
                        "plugin as a list of strings",
                        "schema_version = 1\nplugin = [\"echo\"]\n",
                        "[[plugin]] #1: is not a table"),
                damaged("a missing name", VALID.replace("name = \"echo\"\n", ""), "[[plugin]] #1: name: is missing"),
                damaged(
                        "a bad name",
                        VALID.replace("name = \"echo\"", "name = \"Echo!\""),
                        "[[plugin]] #1 'Echo!': name: 'Echo!' is not a plugin name"),
                damaged(
                        "a missing version",
                        VALID.replace("version = \"0.1.0\"\n", ""),
                        "[[plugin]] #1 'echo': version: is missing"),
                damaged(
                        "a numeric version",
                        VALID.replace("version = \"0.1.0\"", "version = 1"),
                        "[[plugin]] #1 'echo': version: must be a string"),
                damaged(
                        "an unknown source",
                        VALID.replace("source = \"path\"", "source = \"ftp\""),
                        "[[plugin]] #1 'echo': source: 'ftp' is not one of path, url, github"),
                damaged(
                        "a short digest",
                        VALID.replace(LockEntries.sha256("echo"), "abc123"),
                        "[[plugin]] #1 'echo': artifact_sha256 is not a SHA-256 digest"),
                damaged(
                        "an uppercase digest",
                        VALID.replace(
                                LockEntries.sha256("echo"),
                                LockEntries.sha256("echo").toUpperCase(Locale.ROOT)),
                        "[[plugin]] #1 'echo': artifact_sha256 is not a SHA-256 digest"),
                damaged(
                        "a bad bundle digest",
                        VALID.replace(
                                "signature = \"unsigned\"",
                                "signature = \"unsigned\"\nsignature_bundle_sha256 = \"nope\""),
                        "[[plugin]] #1 'echo': signature_bundle_sha256 is not a SHA-256 digest"),
                damaged(
                        "a string sha256_verified",
                        VALID.replace("sha256_verified = true", "sha256_verified = \"yes\""),
                        "[[plugin]] #1 'echo': sha256_verified: must be true or false"),
                damaged(
                        "a missing sha256_verified",
                        VALID.replace("sha256_verified = true\n", ""),
                        "[[plugin]] #1 'echo': sha256_verified: is missing"),
                damaged(
                        "a bad timestamp",
                        VALID.replace("2026-11-30T12:00:00Z", "yesterday"),
                        "[[plugin]] #1 'echo': installed_at: 'yesterday' is not a UTC timestamp"),
                damaged(
                        "a duplicate key",
                        VALID.replace("version = \"0.1.0\"", "version = \"0.1.0\"\nversion = \"0.2.0\""),
                        "is not valid TOML at line"),
                damaged(
                        "a plugin locked twice",
                        VALID + "\n" + ECHO.replace("0.1.0", "0.2.0"),
                        "plugin 'echo' is locked twice ([[plugin]] #1 and #2)"),
                // ISO-8859-1 'ä' (0xe4) before an ASCII letter is not UTF-8
                Arguments.of(
                        "not UTF-8",
                        VALID.replace("/abs/path", "/abs/p\u00e4th").getBytes(StandardCharsets.ISO_8859_1),
                        "is not UTF-8 text"));
    }

    private static Arguments damaged(String label, String text, String says) {
        return Arguments.of(label, text.getBytes(StandardCharsets.UTF_8), says);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void aDamagedFileIsRefusedByReadsNamingTheProblemAndTheWayOut(String label, byte[] content, String says)
            throws IOException {
        Files.write(file, content);
        var e = assertThrows(LockfileUnreadable.class, store::read, label);
        assertEquals(file, e.file());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertTrue(e.getMessage().contains("the file was left unchanged"), e.getMessage());
        assertTrue(e.guidance().fixes().contains(new Fix.Choose(Fix.Choice.REWRITE_LOCKFILE)), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void aSaveOverADamagedFileIsRefusedAndLeavesItByteIdentical(String label, byte[] content, String says)
            throws IOException {
        Files.write(file, content);
        var e = assertThrows(LockfileUnreadable.class, () -> store.save(List.of(path("clock")), Set.of("echo"), false));
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertArrayEquals(content, Files.readAllBytes(file), label);
    }

    @Test
    void aFileFromANewerAnimusIsRefusedWithAdviceToUpgradeAndLeftByteIdentical() throws IOException {
        byte[] content = ("schema_version = 2\n\n[[plugin]]\nname = \"echo\"\ncode = { sha512 = \"…\" }\n")
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, content);
        var read = assertThrows(LockfileUnreadable.class, store::read);
        assertTrue(
                read.getMessage().contains("written by a newer animus (schema_version 2; this animus reads 1)"),
                read.getMessage());
        assertTrue(read.guidance().fixes().contains(new Fix.UpgradeAnimus()), read.getMessage());
        assertThrows(LockfileUnreadable.class, () -> store.save(List.of(path("clock")), Set.of(), false));
        assertArrayEquals(content, Files.readAllBytes(file));
    }

    @Test
    void aHugeSchemaVersionIsANewerSchemaNotACrash() throws IOException {
        Files.writeString(file, "schema_version = 99999999999999999999\n");
        var e = assertThrows(LockfileUnreadable.class, store::read);
        assertTrue(e.getMessage().contains("schema_version 99999999999999999999"), e.getMessage());
    }

    @Test
    void aHostileNameInAMessageCannotBreakTheLine() throws IOException {
        Files.writeString(file, VALID.replace("name = \"echo\"", "name = \"x\\n\\u001b[31mforged\""));
        var e = assertThrows(LockfileUnreadable.class, store::read);
        assertTrue(e.getMessage().contains("'x\\n\\u001b[31mforged'"), e.getMessage());
    }
}
