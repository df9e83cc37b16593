package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

/**
 * A file's bytes and modification time, to prove that something left it alone. The time is first
 * set to a fixed moment in the past, so that any rewrite, even within the clock's resolution,
 * shows.
 */
final class FileSnapshot {
    private static final FileTime LONG_AGO = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));

    private final Path file;
    private final byte[] bytes;
    private final FileTime modified;

    private FileSnapshot(Path file) throws IOException {
        Files.setLastModifiedTime(file, LONG_AGO);
        this.file = file;
        this.bytes = Files.readAllBytes(file);
        this.modified = Files.getLastModifiedTime(file);
    }

    static FileSnapshot of(Path file) throws IOException {
        return new FileSnapshot(file);
    }

    void assertUnchanged() throws IOException {
        assertArrayEquals(bytes, Files.readAllBytes(file), () -> file + " changed");
        assertEquals(modified, Files.getLastModifiedTime(file), () -> file + " was rewritten");
    }
}
