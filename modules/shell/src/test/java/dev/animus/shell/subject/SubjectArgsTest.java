package dev.animus.shell.subject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the subject commands make of their words: label edits, statuses, priorities, and following pages. */
class SubjectArgsTest {

    @Test
    void labelEditsAddAndRemoveAndTheLastWordForALabelWins() {
        LabelEdits e = LabelEdits.parse(List.of("+bug", "-triage", "+p1", "-bug"));
        assertEquals(List.of("p1"), e.add());
        assertEquals(List.of("triage", "bug"), e.remove());
    }

    @Test
    void labelEditsMatchAModelOverRandomWords() {
        Random random = new Random(22);
        for (int round = 0; round < 500; round++) {
            List<String> words = new ArrayList<>();
            Map<String, Boolean> model = new LinkedHashMap<>(); // label -> added (true) or removed (false)
            for (int i = random.nextInt(8); i > 0; i--) {
                String label = "l" + random.nextInt(4);
                boolean add = random.nextBoolean();
                words.add((add ? "+" : "-") + label);
                model.remove(label);
                model.put(label, add);
            }
            LabelEdits e = LabelEdits.parse(words);
            List<String> add = model.entrySet().stream()
                    .filter(Map.Entry::getValue)
                    .map(Map.Entry::getKey)
                    .toList();
            List<String> remove = model.entrySet().stream()
                    .filter(m -> !m.getValue())
                    .map(Map.Entry::getKey)
                    .toList();
            assertEquals(add, e.add(), words.toString());
            assertEquals(remove, e.remove(), words.toString());
        }
    }

    @Test
    void aLabelWithoutPlusOrMinusIsAUsageErrorSayingHowToWriteIt() {
        CommandFailed f = assertThrows(CommandFailed.class, () -> LabelEdits.parse(List.of("bug")));
        assertEquals(2, f.exitCode());
        assertEquals(
                "--label 'bug': give +LABEL to add a label or -LABEL to remove it (e.g. --label +bug)", f.getMessage());
        CommandFailed bare = assertThrows(CommandFailed.class, () -> LabelEdits.parse(List.of("+")));
        assertEquals("label_edit_invalid", bare.code());
    }

    @Test
    void aStatusIsOneOfTheFiveWords() {
        assertEquals(SubjectStatus.IN_PROGRESS, new StatusConverter().convert("in-progress"));
        var e = assertThrows(
                CommandLine.TypeConversionException.class, () -> new StatusConverter().convert("finished"));
        assertEquals(
                "'finished' is not a subject status: use one of ready|in-progress|blocked|done|cancelled",
                e.getMessage());
        List<String> words = new ArrayList<>();
        new StatusConverter.Words().forEach(words::add);
        assertEquals(List.of("ready", "in-progress", "blocked", "done", "cancelled"), words);
    }

    @Test
    void aPriorityIsAWholeNumberFrom0To255() {
        assertEquals(0, new PriorityConverter().convert("0"));
        assertEquals(255, new PriorityConverter().convert("255"));
        for (String bad : List.of("256", "-1", "high", "1.5", "")) {
            var e = assertThrows(CommandLine.TypeConversionException.class, () -> new PriorityConverter().convert(bad));
            assertTrue(e.getMessage().contains("not a whole number from 0 to 255"), e.getMessage());
        }
    }

    static Subject task(int n) {
        return Subject.of(Terminal.json()
                .readTree("{\"id\":\"task:" + n + "\",\"kind\":\"task\",\"title\":\"t\",\"status\":\"ready\"}"));
    }

    @Test
    void allFollowsTheCursorsToTheLastPage() {
        List<Optional<String>> asked = new ArrayList<>();
        SubjectPage all = SubjectListCommand.everyPage(
                f -> {
                    asked.add(f.cursor());
                    int from = f.cursor().map(Integer::parseInt).orElse(0);
                    List<Subject> page = new ArrayList<>();
                    for (int i = from; i < Math.min(from + 2, 5); i++) {
                        page.add(task(i));
                    }
                    return new SubjectPage(
                            page, from + 2 < 5 ? Optional.of(Integer.toString(from + 2)) : Optional.empty());
                },
                SubjectFilter.all().withLimit(2));
        assertEquals(5, all.subjects().size());
        assertEquals(Optional.empty(), all.nextCursor());
        assertEquals(List.of(Optional.empty(), Optional.of("2"), Optional.of("4")), asked);
    }

    @Test
    void aCursorThatComesBackTwiceIsAFailureNotALoop() {
        CommandFailed f = assertThrows(
                CommandFailed.class,
                () -> SubjectListCommand.everyPage(
                        x -> new SubjectPage(List.of(task(1)), Optional.of("same")), SubjectFilter.all()));
        assertEquals("list_does_not_end", f.code());
        assertTrue(f.getMessage().contains("next_cursor same came back twice"), f.getMessage());
    }
}
