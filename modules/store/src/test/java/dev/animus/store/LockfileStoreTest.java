package dev.animus.store;

import static dev.animus.store.LockEntries.github;
import static dev.animus.store.LockEntries.path;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.animus.core.InstallSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockfileStoreTest {
    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    Path file;
    LockfileStore store;

    @BeforeEach
    void createStore() {
        file = dir.resolve("project").resolve(".animus").resolve("plugins.lock");
        store = new LockfileStore(file, WAIT);
    }

    @Nested
    class Reading {
        @Test
        void aMissingFileIsTheEmptyLockfileAndNothingIsCreated() {
            assertEquals(Lockfile.empty(), store.read());
            assertFalse(Files.exists(file.getParent()), "read created the lockfile's directory");
        }

        @Test
        void aMissingFileInAnExistingDirectoryIsTheEmptyLockfileAndIsNotCreated() throws IOException {
            Files.createDirectories(file.getParent());
            assertEquals(Lockfile.empty(), store.read());
            assertFalse(Files.exists(file));
        }

        @Test
        void aSavedLockfileReadsBackEqual() {
            Lockfile written = store.save(List.of(path("echo"), github("clock", "1.2.0")), Set.of(), false);
            assertEquals(written, store.read());
            assertEquals(Optional.of(github("clock", "1.2.0")), store.read().entry("clock"));
            assertEquals(
                    List.of("clock", "echo"), List.copyOf(store.read().entries().keySet()));
        }

        @Test
        void theFileIsWrittenInItsCanonicalFormWithEntriesInNameOrder() throws IOException {
            store.save(List.of(path("echo"), github("clock", "1.2.0")), Set.of(), false);
            String expected = """
                    # plugins.lock: written by animus; pins the exact code of each installed plugin.
                    schema_version = 1

                    [[plugin]]
                    name = "clock"
                    version = "1.2.0"
                    source = "github"
                    origin = "acme/animus-plugin-clock"
                    tag = "v1.2.0"
                    asset = "animus-plugin-clock-linux-amd64.tar.gz"
                    artifact_sha256 = "%s"
                    sha256_verified = true
                    signature = "verified"
                    signature_bundle_sha256 = "%s"
                    installed_at = "2026-11-30T12:01:00Z"

                    [[plugin]]
                    name = "echo"
                    version = "0.1.0"
                    source = "path"
                    origin = "/abs/path/animus-plugin-echo"
                    artifact_sha256 = "%s"
                    sha256_verified = true
                    signature = "unsigned"
                    installed_at = "2026-11-30T12:00:00Z"
                    """.formatted(
                            LockEntries.sha256("clock@1.2.0"),
                            LockEntries.sha256("clock@1.2.0.sigstore"),
                            LockEntries.sha256("echo"));
            assertEquals(expected, Files.readString(file));
        }

        @Test
        void quotesBackslashesAndLineBreaksInAnOriginAreEscapedAndReadBack() throws IOException {
            String origin = "/tmp/a \"quoted\" dir\\with\nnewline\tand é 😀";
            LockEntry odd = new LockEntry(
                    "odd",
                    "1.0.0",
                    InstallSource.path(origin),
                    LockEntries.sha256("odd"),
                    Optional.empty(),
                    "unsigned",
                    Instant.parse("2026-11-30T12:00:00.123456789Z"));
            store.save(List.of(odd), Set.of(), false);
            String text = Files.readString(file);
            assertTrue(
                    text.contains("origin = \"/tmp/a \\\"quoted\\\" dir\\\\with\\nnewline\\tand é \\U0001F600\"\n"),
                    text);
            assertTrue(text.contains("installed_at = \"2026-11-30T12:00:00.123456789Z\"\n"), text);
            assertEquals(Optional.of(odd), store.read().entry("odd"));
        }

        @Test
        void unknownKeysOfTheSameMajorSchemaAreIgnored() throws IOException {
            write("""
                    schema_version = 1
                    written_by = "animus 9.9"

                    [[plugin]]
                    name = "echo"
                    version = "0.1.0"
                    source = "path"
                    origin = "/abs/path/animus-plugin-echo"
                    artifact_sha256 = "%s"
                    sha256_verified = true
                    signature = "unsigned"
                    installed_at = "2026-11-30T12:00:00Z"
                    sbom_sha256 = "something newer"
                    """.formatted(LockEntries.sha256("echo")));
            assertEquals(Optional.of(path("echo")), store.read().entry("echo"));
        }

        @Test
        void aLockfileInADirectoryThatCannotBeWrittenIsReadWithoutTakingTheLock() throws IOException {
            store.save(List.of(path("echo")), Set.of(), false);
            Files.delete(file.resolveSibling(".plugins.lock.lock"));
            Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("r-xr-xr-x"));
            try {
                assumeFalse(Files.isWritable(file.getParent()), "this user writes even into a read-only directory");
                assertEquals(Set.of("echo"), store.read().entries().keySet());
                assertFalse(Files.exists(file.resolveSibling(".plugins.lock.lock")));
            } finally {
                Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwx------"));
            }
        }

        @Test
        void somethingOtherThanAFileAtThePathIsAnIoErrorThatNoRewriteReplaces() throws IOException {
            Files.createDirectories(file);
            var e = assertThrows(UncheckedIOException.class, () -> store.save(List.of(path("echo")), Set.of(), true));
            assertTrue(e.getMessage().contains(file + ": it is a directory, not a regular file"), e.getMessage());
            assertThrows(UncheckedIOException.class, store::read);
            assertTrue(Files.isDirectory(file));
        }

        @Test
        void theFileIsReadableByEveryoneSinceItIsMeantToBeCommitted() throws IOException {
            store.save(List.of(path("echo")), Set.of(), false);
            assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }

        @Test
        void theLockIsADotFileBesideTheLockfile() {
            store.save(List.of(path("echo")), Set.of(), false);
            assertTrue(Files.exists(file.resolveSibling(".plugins.lock.lock")));
            assertEquals(file, store.file());
        }
    }

    @Nested
    class Saving {
        @Test
        void aSaveKeepsTheEntriesItDoesNotName() {
            store.save(List.of(path("echo")), Set.of(), false);
            Lockfile written = store.save(List.of(path("clock")), Set.of(), false);
            assertEquals(Set.of("clock", "echo"), written.entries().keySet());
            assertEquals(written, store.read());
        }

        @Test
        void anUpsertReplacesTheEntryOfTheSameName() {
            store.save(List.of(github("clock", "1.0.0"), path("echo")), Set.of(), false);
            store.save(List.of(github("clock", "2.0.0")), Set.of(), false);
            assertEquals(Optional.of(github("clock", "2.0.0")), store.read().entry("clock"));
            assertEquals(Optional.of(path("echo")), store.read().entry("echo"));
        }

        @Test
        void anExplicitRemovalDropsItsEntryAndOnlyThatOne() {
            store.save(List.of(path("echo"), path("clock"), path("weather")), Set.of(), false);
            Lockfile written = store.save(List.of(), Set.of("clock"), false);
            assertEquals(Set.of("echo", "weather"), written.entries().keySet());
            assertEquals(written, store.read());
        }

        @Test
        void removingAPluginThatIsNotLockedChangesNothing() throws IOException {
            store.save(List.of(path("echo")), Set.of(), false);
            byte[] before = Files.readAllBytes(file);
            store.save(List.of(), Set.of("never-installed"), false);
            assertArrayEquals(before, Files.readAllBytes(file));
        }

        @Test
        void removingAndUpsertingInOneSaveAppliesBoth() {
            store.save(List.of(path("echo"), path("clock")), Set.of(), false);
            Lockfile written = store.save(List.of(path("weather")), Set.of("echo"), false);
            assertEquals(Set.of("clock", "weather"), written.entries().keySet());
        }

        @Test
        void aSaveThatUpsertsOneNameTwiceIsRefusedAndWritesNothing() {
            var e = assertThrows(
                    IllegalArgumentException.class,
                    () -> store.save(List.of(path("echo"), github("echo", "1.0.0")), Set.of(), false));
            assertTrue(e.getMessage().contains("'echo'"), e.getMessage());
            assertFalse(Files.exists(file));
        }

        @Test
        void aSaveThatUpsertsAndRemovesOneNameIsRefusedAndWritesNothing() {
            var e = assertThrows(
                    IllegalArgumentException.class, () -> store.save(List.of(path("echo")), Set.of("echo"), false));
            assertTrue(e.getMessage().contains("'echo'"), e.getMessage());
            assertFalse(Files.exists(file));
        }

        @Test
        void aSaveIntoAMissingDirectoryCreatesIt() {
            store.save(List.of(path("echo")), Set.of(), false);
            assertTrue(Files.isRegularFile(file));
        }
    }

    @Nested
    class TheRewriteFlag {
        @Test
        void replacesACorruptFileWithJustTheUpserts() throws IOException {
            write("schema_version = 1\n[[plugin]\nname = \"lost\"\n");
            Lockfile written = store.save(List.of(path("echo")), Set.of("clock"), true);
            assertEquals(Set.of("echo"), written.entries().keySet());
            assertEquals(written, store.read());
        }

        @Test
        void replacesAFileFromANewerAnimus() throws IOException {
            write("schema_version = 2\n[[plugin]]\nname = \"from-the-future\"\n");
            store.save(List.of(path("echo")), Set.of(), true);
            assertEquals(Set.of("echo"), store.read().entries().keySet());
        }

        @Test
        void stillMergesIntoAReadableFile() {
            store.save(List.of(path("clock")), Set.of(), false);
            Lockfile written = store.save(List.of(path("echo")), Set.of(), true);
            assertEquals(Set.of("clock", "echo"), written.entries().keySet());
        }
    }

    private void write(String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
