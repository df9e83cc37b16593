package dev.animus.store;

import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.mkfifo;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Instant;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check that a copied source is the file that was lstat'ed before it was opened. A real swap
 * cannot be timed from a test, so the check is given the lstat results of real files that differ
 * the way a swapped or rewritten source would.
 */
class CheckedReadTest {
    @TempDir
    Path temp;

    @Test
    void theSameUntouchedFileIsAccepted() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        PosixFileAttributes before = NoFollow.lstat(file);

        assertDoesNotThrow(
                () -> CheckedRead.requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.of(4), "copied"));
    }

    @Test
    void anotherFileWithTheSameSizeAndTimeInItsPlaceIsRefusedAsChanged() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        Path other = executable(temp.resolve("other"), "evil");
        Files.setLastModifiedTime(other, Files.getLastModifiedTime(file));
        PosixFileAttributes before = NoFollow.lstat(file);

        StoreRefused e = assertThrows(
                StoreRefused.class,
                () -> CheckedRead.requireUnchanged(
                        file, before, NoFollow.lstat(other), OptionalLong.empty(), "copied"));

        assertTrue(e.getMessage().contains(file + ": it changed while it was copied"), e.getMessage());
    }

    @Test
    void aFifoInItsPlaceIsRefused() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        PosixFileAttributes before = NoFollow.lstat(file);
        Files.delete(file);
        mkfifo(file);

        assertThrows(
                StoreRefused.class,
                () -> CheckedRead.requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.empty(), "copied"));
    }

    @Test
    void theSameFileWrittenMeanwhileIsRefused() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        PosixFileAttributes before = NoFollow.lstat(file);
        Files.writeString(file, "same but longer");

        assertThrows(
                StoreRefused.class,
                () -> CheckedRead.requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.empty(), "read"));
    }

    @Test
    void theSameFileWithAnotherModificationTimeIsRefused() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        PosixFileAttributes before = NoFollow.lstat(file);
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));

        assertThrows(
                StoreRefused.class,
                () -> CheckedRead.requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.empty(), "read"));
    }

    @Test
    void fewerBytesReadThanTheSizeIsRefused() throws IOException {
        Path file = executable(temp.resolve("tool"), "same");
        PosixFileAttributes before = NoFollow.lstat(file);

        assertThrows(
                StoreRefused.class,
                () -> CheckedRead.requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.of(3), "copied"));
    }
}
