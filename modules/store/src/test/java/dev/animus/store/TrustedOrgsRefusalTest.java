package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A decisions file that cannot be read fails closed: every call refuses and the file keeps every byte. */
class TrustedOrgsRefusalTest {
    private static final String ACME = """
            [[org]]
            name = "acme"
            how = "prompt"
            decided_at = "2026-11-30T12:00:00Z"
            """;
    private static final String VALID = "schema_version = 1\n\n" + ACME;

    @TempDir
    Path dir;

    Path file;
    TrustedOrgs orgs;

    @BeforeEach
    void createStore() {
        file = dir.resolve("trusted-orgs.toml");
        orgs = new TrustedOrgs(file, TrustedOrgsTest.WAIT);
    }

    static Stream<Arguments> corrupt() {
        return Stream.of(
                damaged("not TOML", "schema_version = 1\n[[org]\n", "is not valid TOML at line"),
                damaged("an empty file", "", "has no schema_version"),
                damaged("no schema_version", ACME, "has no schema_version"),
                damaged(
                        "a string schema_version",
                        VALID.replace("= 1", "= \"1\""),
                        "schema_version: must be an integer"),
                damaged(
                        "schema_version 0",
                        VALID.replace("= 1", "= 0"),
                        "schema_version 0 is not one any animus writes"),
                damaged("a newer schema", VALID.replace("= 1", "= 2"), "written by a newer animus (schema_version 2"),
                damaged("org as a value", "schema_version = 1\norg = \"acme\"\n", "org: must be an array of tables"),
                damaged(
                        "org as a list of strings",
                        "schema_version = 1\norg = [\"acme\"]\n",
                        "[[org]] #1: is not a table"),
                damaged("no name", VALID.replace("name = \"acme\"\n", ""), "[[org]] #1: name: is missing"),
                damaged("a numeric name", VALID.replace("\"acme\"", "7"), "[[org]] #1: name: must be a string"),
                damaged("an owner that is no login", VALID.replace("\"acme\"", "\"-acme\""), "is not a GitHub owner"),
                damaged("an unknown how", VALID.replace("\"prompt\"", "\"always\""), "is not how an owner is trusted"),
                damaged(
                        "a local time",
                        VALID.replace("12:00:00Z", "12:00:00"),
                        "decided_at: '2026-11-30T12:00:00' is not a UTC"),
                damaged("a boolean how", VALID.replace("\"prompt\"", "true"), "[[org]] #1: how: must be a string"),
                damaged(
                        "an owner twice",
                        VALID + "\n" + ACME.replace("acme", "ACME"),
                        "[[org]] #2: the owner 'acme' is decided twice"));
    }

    private static Arguments damaged(String what, String text, String expected) {
        return Arguments.of(what, text, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void everyCallRefusesNamingTheFileAndTheFileKeepsEveryByte(String what, String text, String expected)
            throws IOException {
        Files.writeString(file, text);
        FileSnapshot before = FileSnapshot.of(file);
        TrustedOrgsUnreadable listed = assertThrows(TrustedOrgsUnreadable.class, orgs::list);
        assertTrue(listed.getMessage().startsWith(file + ": "), listed.getMessage());
        assertTrue(listed.getMessage().contains(expected), listed.getMessage());
        assertTrue(listed.getMessage().contains("the file was left unchanged"), listed.getMessage());
        assertFalse(listed.getMessage().contains("\n"), listed.getMessage());
        assertEquals(file, listed.file());
        assertThrows(TrustedOrgsUnreadable.class, () -> orgs.find("acme"));
        assertThrows(TrustedOrgsUnreadable.class, () -> orgs.record("zeta", OrgDecision.YES, TrustedOrgsTest.MONDAY));
        assertThrows(TrustedOrgsUnreadable.class, () -> orgs.revoke("acme"));
        before.assertUnchanged();
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedAndKept() throws IOException {
        byte[] bytes = VALID.replace("acme", "ac\u00e9me").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(file, bytes);
        FileSnapshot before = FileSnapshot.of(file);
        TrustedOrgsUnreadable e = assertThrows(TrustedOrgsUnreadable.class, orgs::list);
        assertTrue(e.getMessage().contains("is not UTF-8 text"), e.getMessage());
        before.assertUnchanged();
    }

    @Test
    void keysThatThisAnimusDoesNotKnowAreIgnoredOnReadAndDroppedOnTheNextWrite() throws IOException {
        Files.writeString(file, "schema_version = 1\nnote = \"hi\"\n\n" + ACME + "by = \"alice\"\n");
        assertEquals(List.of(new OrgDecision("acme", "prompt", TrustedOrgsTest.MONDAY)), orgs.list());
        orgs.record("zeta", OrgDecision.YES, TrustedOrgsTest.MONDAY);
        assertFalse(Files.readString(file).contains("alice"));
    }

    @Test
    void aDirectoryInPlaceOfTheFileIsAnErrorNotAnEmptyList() throws IOException {
        Files.createDirectories(file);
        assertThrows(UncheckedIOException.class, orgs::list);
    }
}
