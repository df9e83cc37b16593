package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's web token file (docs/daemon.md#transports). */
class WebTokenTest {
    @TempDir
    Path dir;

    @Test
    void isFortyThreeCharactersOfBase64urlPrivateAndNewEachTime() throws Exception {
        Path file = dir.resolve("t.token");
        String a = WebToken.create(file);
        assertEquals(WebToken.LENGTH, a.length());
        assertTrue(a.matches("[A-Za-z0-9_-]{43}"), a);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(Optional.of(a), WebToken.read(file));
        String b = WebToken.create(file);
        assertFalse(a.equals(b), "a new token each time");
        assertEquals(Optional.of(b), WebToken.read(file));
        assertEquals(Optional.empty(), WebToken.read(dir.resolve("none")));
        Files.writeString(file, "short");
        assertEquals(Optional.empty(), WebToken.read(file));
    }

    @Test
    void aMissingOrForeignFileIsNoToken() throws Exception {
        assertEquals(Optional.empty(), WebToken.read(dir.resolve("none")));
        Path file = dir.resolve("t.token");
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe});
        assertEquals(Optional.empty(), WebToken.read(file));
        Files.writeString(file, "x".repeat(42) + "!");
        assertEquals(Optional.empty(), WebToken.read(file));
    }
}
