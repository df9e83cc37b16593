package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TriggerJournalTest {
    @TempDir
    Path dir;

    @Test
    void theCursorAndTheWindowSurviveAReopen() {
        Path file = dir.resolve("triggers/replay.journal");
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            j.record("e0", Optional.of("0"));
            j.record("e1", Optional.empty());
            j.record("e2", Optional.of("2"));
        }
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            assertEquals(Optional.of("2"), j.cursor());
            assertEquals(List.of("e0", "e1", "e2"), j.window());
            assertTrue(j.seen("e1"));
        }
    }

    @Test
    void aTornLastLineIsIgnoredAndTheNextRecordStartsOnALineOfItsOwn() throws IOException {
        Path file = dir.resolve("t.journal");
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            j.record("e0", Optional.of("0"));
            j.record("e1", Optional.of("1"));
        }
        Files.writeString(file, "{\"event_id\":\"e2\",\"cur", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            assertEquals(Optional.of("1"), j.cursor());
            assertEquals(List.of("e0", "e1"), j.window());
            j.record("e2", Optional.of("2"));
        }
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            assertEquals(Optional.of("2"), j.cursor());
            assertEquals(List.of("e0", "e1", "e2"), j.window());
        }
    }

    @Test
    void aDamagedLineInTheMiddleIsSkippedAndTheOthersKept() throws IOException {
        Path file = dir.resolve("t.journal");
        Files.writeString(file, "{\"event_id\":\"a\",\"cursor\":\"1\"}\nnot json\n{\"event_id\":\"b\"}\n");
        try (TriggerJournal j = TriggerJournal.open(file, 8)) {
            assertEquals(Optional.of("1"), j.cursor());
            assertEquals(List.of("a", "b"), j.window());
        }
    }

    @Test
    void pastTwiceTheWindowItIsRewrittenAsTheCursorAndTheLastIds() throws IOException {
        Path file = dir.resolve("t.journal");
        try (TriggerJournal j = TriggerJournal.open(file, 4)) {
            for (int i = 0; i < 9; i++) {
                j.record("e" + i, i == 2 ? Optional.of("c2") : Optional.empty());
            }
            assertEquals(5, j.lines()); // the cursor line and 4 ids
            assertEquals(Optional.of("c2"), j.cursor());
            j.record("e9", Optional.empty());
        }
        assertEquals(6, Files.readAllLines(file).size());
        try (TriggerJournal j = TriggerJournal.open(file, 4)) {
            assertEquals(Optional.of("c2"), j.cursor());
            assertEquals(List.of("e6", "e7", "e8", "e9"), j.window());
        }
    }
}
