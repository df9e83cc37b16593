package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A secrets file that cannot be read, or that others may read, fails closed: every call refuses
 * naming the file and the next step, the file keeps every byte (and its time), and no message
 * holds a value.
 */
class SecretsFileRefusalTest {
    /** In every damaged file below that holds a value: it must never reach a message. */
    private static final String SECRET = "sk-SECRET-42";

    private static final String ENTRY = """
            [[secret]]
            plugin = "echo"
            name = "api_key"
            value = "v"
            """;
    private static final String VALID = "schema_version = 1\n\n" + ENTRY;

    @TempDir
    Path dir;

    Path file;
    SecretsFile secrets;

    @BeforeEach
    void createStore() {
        file = dir.resolve("secrets.toml");
        secrets = new SecretsFile(file, dir.resolve(".secrets.lock"), SecretsFileTest.WAIT);
    }

    static Stream<Arguments> corrupt() {
        return Stream.of(
                damaged(
                        "not TOML",
                        "schema_version = 1\n[[secret]\n",
                        "is not valid TOML at line 3, column 1 (the text there is not shown"),
                damaged("an empty file", "", "has no schema_version"),
                damaged("no schema_version", ENTRY, "has no schema_version"),
                damaged(
                        "a string schema_version",
                        VALID.replace("= 1", "= \"1\""),
                        "schema_version: must be an integer"),
                damaged(
                        "schema_version 0",
                        VALID.replace("= 1", "= 0"),
                        "schema_version 0 is not one any animus writes"),
                damaged(
                        "secret as a value",
                        "schema_version = 1\nsecret = \"x\"\n",
                        "secret: must be an array of tables"),
                damaged(
                        "secret as a list of strings",
                        "schema_version = 1\nsecret = [\"x\"]\n",
                        "[[secret]] #1: is not a table"),
                damaged(
                        "a misspelt table",
                        VALID.replace("[[secret]]", "[[secrets]]"),
                        "the top level: the key 'secrets' is not one of schema_version, secret"),
                damaged("an unknown key at the top", "note = \"hi\"\n" + VALID, "the top level: the key 'note'"),
                damaged(
                        "an unknown key in a secret",
                        VALID + "valeu = \"x\"\n",
                        "[[secret]] #1: the key 'valeu' is not one of name, plugin, value"),
                damaged("no plugin", VALID.replace("plugin = \"echo\"\n", ""), "[[secret]] #1: plugin: is missing"),
                damaged("no name", VALID.replace("name = \"api_key\"\n", ""), "[[secret]] #1: name: is missing"),
                damaged("no value", VALID.replace("value = \"v\"\n", ""), "[[secret]] #1: value: is missing"),
                damaged("a numeric value", VALID.replace("\"v\"", "42"), "[[secret]] #1: value: must be a string"),
                damaged(
                        "a table value",
                        VALID.replace("\"v\"", "{ a = \"" + SECRET + "\" }"),
                        "[[secret]] #1: value: must be a string"),
                damaged(
                        "an array value",
                        VALID.replace("\"v\"", "[\"" + SECRET + "\"]"),
                        "[[secret]] #1: value: must be a string"),
                damaged("an empty value", VALID.replace("\"v\"", "\"\""), "[[secret]] #1: value: is empty"),
                damaged(
                        "a NUL in a value",
                        VALID.replace("\"v\"", "\"a\\u0000b\""),
                        "[[secret]] #1: value: holds a NUL"),
                damaged(
                        "an invalid plugin",
                        VALID.replace("\"echo\"", "\"Echo\""),
                        "[[secret]] #1: plugin: is not a plugin name"),
                damaged(
                        "a value in the plugin's place",
                        VALID.replace("\"echo\"", "\"" + SECRET + "\""),
                        "[[secret]] #1: plugin: is not a plugin name"),
                damaged(
                        "an invalid name",
                        VALID.replace("\"api_key\"", "\"api key\""),
                        "[[secret]] #1: name: is not a secret name"),
                damaged(
                        "a secret twice",
                        VALID + "\n" + ENTRY,
                        "[[secret]] #2: the secret 'api_key' of the plugin 'echo' is there twice"),
                damaged(
                        "a newer schema",
                        VALID.replace("= 1", "= 2"),
                        "written by a newer animus (schema_version 2; this animus reads 1); upgrade animus"));
    }

    private static Arguments damaged(String what, String text, String expected) {
        return Arguments.of(what, text, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void everyCallRefusesNamingTheFileAndTheFileKeepsEveryByte(String what, String text, String expected)
            throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        SecretStoreFailed e = assertRefusedByEveryCall();
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        if (!what.equals("a newer schema")) {
            assertTrue(e.getMessage().endsWith("; fix it or move it aside; nothing was changed"), e.getMessage());
        }
    }

    @Test
    void bytesThatAreNotUtf8AreRefused() throws IOException {
        Files.write(file, VALID.replace("\"v\"", "\"caf\u00e9\"").getBytes(StandardCharsets.ISO_8859_1));
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        assertTrue(assertRefusedByEveryCall().getMessage().contains(": is not UTF-8 text; fix it or move it aside"));
    }

    @Test
    void aFileLargerThan16MiBIsRefused() throws IOException {
        Files.writeString(file, VALID.replace("\"v\"", "\"" + "x".repeat(SecretsFile.MAX_BYTES) + "\""));
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        assertTrue(assertRefusedByEveryCall().getMessage().contains("larger than 16 MiB"));
    }

    @Test
    void aSurrogateEscapeIsRefused() throws IOException {
        Files.writeString(file, VALID.replace("\"v\"", "\"a\\uD800b\""));
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        String message = assertRefusedByEveryCall().getMessage();
        assertTrue(message.contains("is not valid TOML") || message.contains("lone UTF-16 surrogate"), message);
    }

    @Test
    void aRawCharacterBeyondTheBmpThatTheTomlReaderSplitsIsRefusedNotMangled() throws IOException {
        // Jackson 3.3 drops half of a surrogate pair across its 4000-character buffer; animus writes \\U escapes
        String head = "schema_version = 1\n\n" + ENTRY.substring(0, ENTRY.indexOf("\"v\"")) + "\"";
        String xs = "x".repeat(3999 - head.length() - 20); // the 11th emoji's first half is the buffer's last character
        Files.writeString(file, head + xs + "🔑".repeat(40) + "\"\n");
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        String message = assertRefusedByEveryCall().getMessage();
        assertTrue(message.contains("[[secret]] #1: value: holds a lone UTF-16 surrogate"), message);
        assertTrue(message.contains("write it as \\UXXXXXXXX"), message);

        Files.writeString(file, VALID.replace("\"v\"", "\"🔑\""));
        assertEquals("🔑", secrets.get("echo", "api_key").orElseThrow().reveal(), "a raw emoji elsewhere reads fine");
    }

    /** Files a careless writer (or hand) could make of a value: the message says where, never what. */
    static Stream<Arguments> brokenAroundAValue() {
        return Stream.of(
                Arguments.of("an unterminated string", VALID.replace("\"v\"", "\"" + SECRET)),
                Arguments.of("an unquoted value", VALID.replace("\"v\"", SECRET)),
                Arguments.of("an unterminated literal string", VALID.replace("\"v\"", "'" + SECRET)),
                Arguments.of("an unterminated multi-line string", VALID.replace("\"v\"", "\"\"\"" + SECRET)),
                Arguments.of("a bad escape", VALID.replace("\"v\"", "\"" + SECRET + "\\q\"")),
                Arguments.of("a raw line break", VALID.replace("\"v\"", "\"sk-SECRET\n-42\"")),
                Arguments.of("a raw quote", VALID.replace("\"v\"", "\"sk-\"SECRET-42\"")),
                Arguments.of("a raw control character", VALID.replace("\"v\"", "\"" + SECRET + "\u0001\"")),
                Arguments.of("a raw DEL", VALID.replace("\"v\"", "\"" + SECRET + "\u007f\"")),
                Arguments.of("text after the value", VALID.replace("\"v\"", "\"v\" " + SECRET)),
                Arguments.of("the value twice", VALID + "value = \"" + SECRET + "\"\n"),
                Arguments.of("a value on its own line", VALID + SECRET + "\n"),
                Arguments.of("a bare value at the top", SECRET + "\n" + VALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenAroundAValue")
    void noMessageShowsAValue(String what, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, AtomicFile.PRIVATE);
        SecretStoreFailed e = assertRefusedByEveryCall();
        assertTrue(e.getMessage().contains("is not valid TOML at line"), e.getMessage());
        assertNull(e.getCause(), "the TOML reader's exception, which may quote the text, is not kept");
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(strings = {"rw-r--r--", "rw-r-----", "rw----r--", "rw-rw----", "rw-----w-", "rw---x---", "r--r--r--"})
    void aFileOthersMayReadIsRefusedLikeSshWithTheChmodToRun(String mode) throws IOException {
        new SecretsFile(file, dir.resolve(".secrets.lock"), SecretsFileTest.WAIT)
                .set("echo", "api_key", SecretValue.of(SECRET));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        SecretStoreFailed e = assertRefusedByEveryCall();
        assertTrue(
                e.getMessage().contains(file + " (ANIMUS_KEYRING=file) is accessible by others (mode 0"),
                e.getMessage());
        assertTrue(e.getMessage().contains("run 'chmod 600 " + file + "'"), e.getMessage());
        assertEquals(mode, SecretsFileTest.mode(file), "the mode is the operator's to fix");

        StoreFiles.chmod("600", file);
        assertEquals(SECRET, secrets.get("echo", "api_key").orElseThrow().reveal());
    }

    @Test
    void theChmodHintQuotesAPathTheShellWouldSplit() throws IOException {
        Path home = Files.createDirectory(dir.resolve("my home's"));
        SecretsFile odd = new SecretsFile(new HomeLayout(home));
        odd.set("echo", "api_key", SecretValue.of("v"));
        Files.setPosixFilePermissions(odd.file(), PosixFilePermissions.fromString("rw-r--r--"));
        SecretStoreFailed e = assertThrows(SecretStoreFailed.class, () -> odd.list("echo"));
        assertTrue(e.getMessage().contains("run 'chmod 600 '" + dir + "/my home'\\''s/secrets.toml''"), e.getMessage());
    }

    @Test
    void theModeOfTheFileIsReportedInOctal() {
        assertEquals("0644", SecretsFile.octal(PosixFilePermissions.fromString("rw-r--r--")));
        assertEquals("0600", SecretsFile.octal(AtomicFile.PRIVATE));
        assertEquals("0751", SecretsFile.octal(PosixFilePermissions.fromString("rwxr-x--x")));
    }

    @Test
    void aSymbolicLinkIsRefusedAndKept() throws IOException {
        Path real = dir.resolve("real.toml");
        Files.writeString(real, VALID);
        Files.setPosixFilePermissions(real, AtomicFile.PRIVATE);
        Files.createSymbolicLink(file, real);
        FileSnapshot target = FileSnapshot.of(real);
        SecretStoreFailed e = assertRefusedByEveryCall();
        assertTrue(e.getMessage().contains("it is a symbolic link, not a regular file"), e.getMessage());
        assertTrue(Files.isSymbolicLink(file));
        target.assertUnchanged();
    }

    @Test
    void aDirectoryIsRefused() throws IOException {
        Files.createDirectory(file);
        for (Executable call : everyCall()) {
            SecretStoreFailed e = assertThrows(SecretStoreFailed.class, call);
            assertTrue(e.getMessage().contains("it is a directory, not a regular file"), e.getMessage());
        }
        assertTrue(Files.isDirectory(file));
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoIsRefusedWithoutBlocking() {
        StoreFiles.mkfifo(file);
        for (Executable call : everyCall()) {
            SecretStoreFailed e = assertThrows(SecretStoreFailed.class, call);
            assertTrue(e.getMessage().contains("a special file"), e.getMessage());
        }
    }

    /** get, set, delete and list each refuse; the file keeps its bytes and time; no message shows {@link #SECRET}. */
    private SecretStoreFailed assertRefusedByEveryCall() throws IOException {
        FileSnapshot before = FileSnapshot.of(file);
        List<SecretStoreFailed> failures = new ArrayList<>();
        for (Executable call : everyCall()) {
            failures.add(assertThrows(SecretStoreFailed.class, call));
        }
        before.assertUnchanged();
        for (SecretStoreFailed e : failures) {
            assertEquals(failures.getFirst().getMessage(), e.getMessage(), "every call says the same");
            assertTrue(e.getMessage().contains("the secrets file " + file + " (ANIMUS_KEYRING=file)"), e.getMessage());
            assertTrue(e.getMessage().endsWith("nothing was changed"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            for (Throwable t = e; t != null; t = t.getCause()) {
                assertFalse(String.valueOf(t).contains("SECRET"), () -> "a value in: " + e);
            }
        }
        return failures.getFirst();
    }

    private List<Executable> everyCall() {
        return List.of(
                () -> secrets.get("echo", "api_key"),
                () -> secrets.list("echo"),
                () -> secrets.set("echo", "api_key", SecretValue.of("new " + SECRET)),
                () -> secrets.set("zeta", "other", SecretValue.of("new")),
                () -> secrets.delete("echo", "api_key"),
                () -> secrets.delete("zeta", "absent"));
    }
}
