package dev.animus.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry {@code plugins.toml} is read bounded, and a FIFO in its place is refused, never opened. */
class RegistryFileTest {
    @TempDir
    Path home;

    @Test
    void aFifoInPlaceOfTheRegistryIsRefusedPromptly() throws Exception {
        Path file = home.resolve("plugins.toml");
        Process p = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0);

        RegistryFile.Invalid e = assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThrows(RegistryFile.Invalid.class, () -> RegistryFile.read(file)),
                "it opened the FIFO");

        assertEquals(
                file + ": not a regular file (a FIFO would block every listing); put the registry itself in its"
                        + " place, or move this aside",
                e.getMessage());
    }

    @Test
    void aRegistryOverOneMebibyteIsRefusedAndAMissingOneIsEmpty() throws IOException {
        Path file = home.resolve("plugins.toml");
        assertEquals(List.of(), RegistryFile.read(file));
        try (RandomAccessFile big = new RandomAccessFile(file.toFile(), "rw")) {
            big.setLength((1 << 20) + 1);
        }
        RegistryFile.Invalid e = assertThrows(RegistryFile.Invalid.class, () -> RegistryFile.read(file));
        assertTrue(e.getMessage().endsWith("larger than 1 MiB; is this really the registry?"), e.getMessage());
    }

    @Test
    void aRegistryThatIsNotUtf8IsRefused() throws IOException {
        Path file = Files.write(home.resolve("plugins.toml"), new byte[] {(byte) 0xff, '\n'});
        RegistryFile.Invalid e = assertThrows(RegistryFile.Invalid.class, () -> RegistryFile.read(file));
        assertTrue(e.getMessage().startsWith(file + ": cannot read: "), e.getMessage());
    }
}
