package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonLogTest {
    @TempDir
    Path dir;

    @Test
    void rotatesAtTheLimitKeepingTheNewestFilesAndWholeLines() throws Exception {
        Path file = dir.resolve("s.log");
        List<String> written = new ArrayList<>();
        try (DaemonLog log = DaemonLog.open(file, 100, 3);
                PrintStream out = log.printStream()) {
            for (int i = 0; i < 60; i++) {
                String line = "line " + i + " " + "x".repeat(i % 7);
                written.add(line);
                out.println(line);
            }
            assertEquals(
                    List.of(file, dir.resolve("s.log.1"), dir.resolve("s.log.2"), dir.resolve("s.log.3")), log.files());
        }
        assertFalse(Files.exists(dir.resolve("s.log.4")), "more than keep rotated files");
        List<String> kept = new ArrayList<>();
        for (String name : List.of("s.log.3", "s.log.2", "s.log.1", "s.log")) {
            Path p = dir.resolve(name);
            assertTrue(Files.size(p) <= 100, name + " is " + Files.size(p) + " bytes");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
            String text = Files.readString(p);
            assertTrue(text.endsWith("\n"), name + " ends in the middle of a line");
            kept.addAll(text.lines().toList());
        }
        // the newest lines, in order, none cut
        assertEquals(written.subList(written.size() - kept.size(), written.size()), kept);
        assertTrue(kept.size() > 10);
    }

    @Test
    void aLineLongerThanAFileIsSplitAndStillBounded() throws Exception {
        Path file = dir.resolve("s.log");
        try (DaemonLog log = DaemonLog.open(file, 10, 2)) {
            log.write(("y".repeat(35) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("yyyyy\n", Files.readString(file));
        assertEquals("y".repeat(10), Files.readString(dir.resolve("s.log.1")));
        assertEquals("y".repeat(10), Files.readString(dir.resolve("s.log.2")));
        assertFalse(Files.exists(dir.resolve("s.log.3")));
    }

    @Test
    void reopeningAppendsAndCountsWhatIsThere() throws Exception {
        Path file = dir.resolve("s.log");
        try (DaemonLog log = DaemonLog.open(file, 20, 1)) {
            log.write("0123456789\n".getBytes(StandardCharsets.UTF_8));
        }
        try (DaemonLog log = DaemonLog.open(file, 20, 1)) {
            log.write("abcdefghij\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("abcdefghij\n", Files.readString(file));
        assertEquals("0123456789\n", Files.readString(dir.resolve("s.log.1")));
    }

    @Test
    void theTailIsTheLastLines() throws Exception {
        Path file = dir.resolve("s.log");
        Files.writeString(file, "a\nb\nc\nd\n");
        assertEquals(List.of("c", "d"), DaemonLog.tail(file, 2));
        assertEquals(List.of("a", "b", "c", "d"), DaemonLog.tail(file, 10));
        assertEquals(List.of(), DaemonLog.tail(dir.resolve("none"), 3));
    }
}
