package dev.animus.shell.subject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.ChangeKind;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The human form of subjects, from model values: tables that fit 80 columns, the detail view, watch lines. */
class SubjectTextTest {
    static final Layout EIGHTY = Layout.resolve(false, OptionalInt.empty(), OptionalInt.empty(), Map.of());
    static final Layout WIDE = Layout.resolve(true, OptionalInt.empty(), OptionalInt.empty(), Map.of());

    static Subject subject(String json) {
        return Subject.of(Terminal.json().readTree(json));
    }

    static Subject task(int n, String title) {
        return subject(
                "{\"id\":\"task:" + n + "\",\"kind\":\"task\",\"title\":\"" + title + "\",\"status\":\"ready\"}");
    }

    static final String LONG_TITLE =
            "Make the login page remember the last user who signed in, and say so when it does not";

    static Subject full() {
        return subject("""
                {"id":"task:7","kind":"task","title":"%s","status":"in-progress","priority":3,
                 "assignee":"alice","labels":["bug","frontend","needs-design"],"parent":"task:1",
                 "children":["task:8","task:9"],"url":"https://tasks.example/7",
                 "created_at":"2026-12-01T10:00:00.123456Z","updated_at":"2026-12-02T11:30:00+01:00",
                 "description":"First line.\\nSecond line, which is long enough that it has to be broken somewhere before the eightieth column.",
                 "custom":{"estimate":5}}
                """.formatted(LONG_TITLE));
    }

    static void fits(List<String> lines, int width) {
        lines.forEach(l -> assertTrue(l.codePointCount(0, l.length()) <= width, "wider than " + width + ": " + l));
    }

    @Nested
    class List_ {
        @Test
        void aPageOfOneKindHasNoKindColumnAndShowsADashForAMissingPriority() {
            List<String> lines = SubjectText.list(List.of(task(1, "First"), task(22, "Second")), false, EIGHTY);
            assertEquals(
                    List.of(
                            "ID       STATUS  PRI  TITLE",
                            "task:1   ready   -    First",
                            "task:22  ready   -    Second"),
                    lines);
        }

        @Test
        void aListAcrossBackendsShowsTheKind() {
            Subject note = subject("{\"id\":\"note:a\",\"kind\":\"note\",\"title\":\"Hi\",\"status\":\"done\"}");
            List<String> lines = SubjectText.list(List.of(task(1, "First"), note), true, EIGHTY);
            assertEquals("ID      KIND  STATUS  PRI  TITLE", lines.getFirst());
            assertEquals("note:a  note  done    -    Hi", lines.get(2));
        }

        @Test
        void aLongTitleIsCutToFitEightyColumnsAndLabelsGiveWayFirst() {
            List<String> lines = SubjectText.list(List.of(full(), task(2, "Short")), false, EIGHTY);
            fits(lines, 80);
            assertTrue(lines.getFirst().contains("ASSIGNEE"), lines.getFirst());
            assertFalse(lines.getFirst().contains("LABELS"), "labels give way to the title: " + lines.getFirst());
            assertTrue(lines.get(1).contains("…") && lines.get(1).endsWith("alice"), lines.get(1));
            int title = lines.getFirst().indexOf("TITLE");
            int assignee = lines.getFirst().indexOf("ASSIGNEE");
            assertTrue(assignee - title - 2 >= SubjectText.TITLE_ROOM, "the title keeps its room: " + lines);
        }

        @Test
        void shortTitlesLeaveRoomForAssigneeAndLabels() {
            Subject s = subject("{\"id\":\"task:3\",\"kind\":\"task\",\"title\":\"Fix it\",\"status\":\"blocked\","
                    + "\"priority\":0,\"assignee\":\"bob\",\"labels\":[\"bug\",\"p1\"]}");
            List<String> lines = SubjectText.list(List.of(s), false, EIGHTY);
            assertEquals(
                    List.of(
                            "ID      STATUS   PRI  TITLE   ASSIGNEE  LABELS",
                            "task:3  blocked  0    Fix it  bob       bug,p1"),
                    lines);
        }

        @Test
        void aNarrowTerminalLeavesOutAssigneeToo() {
            Layout forty = Layout.resolve(false, OptionalInt.of(40), OptionalInt.empty(), Map.of());
            List<String> lines = SubjectText.list(List.of(full()), false, forty);
            fits(lines, 40);
            assertEquals("ID      STATUS       PRI  TITLE", lines.getFirst());
        }

        @Test
        void wideShowsEveryColumnInFull() {
            List<String> lines = SubjectText.list(List.of(full()), true, WIDE);
            assertTrue(lines.getFirst().contains("LABELS") && lines.get(1).contains(LONG_TITLE), lines.toString());
            assertTrue(lines.get(1).endsWith("bug,frontend,needs-design"), lines.get(1));
        }

        @Test
        void aTitleCannotSendControlSequencesOrBreakTheRow() {
            Subject s = subject(
                    "{\"id\":\"task:4\",\"kind\":\"task\",\"title\":\"a\\u001b[2Jb\\nc\",\"status\":\"ready\"}");
            List<String> lines = SubjectText.list(List.of(s), false, EIGHTY);
            assertEquals(2, lines.size(), lines.toString());
            assertFalse(lines.get(1).contains("\u001b"), lines.get(1));
        }
    }

    @Nested
    class Detail {
        @Test
        void showsTheSetFieldsAKeyALineAndTheDescriptionBelowFittedToEighty() {
            List<String> lines = SubjectText.detail(full(), EIGHTY);
            fits(lines, 80);
            assertEquals("id         task:7", lines.get(0));
            assertEquals("kind       task", lines.get(1));
            assertTrue(lines.get(2).startsWith("title      Make the login page"), lines.get(2));
            assertTrue(lines.get(3).startsWith("           "), "a long title goes on below: " + lines.get(3));
            assertTrue(lines.contains("status     in-progress"), lines.toString());
            assertTrue(lines.contains("priority   3"), lines.toString());
            assertTrue(lines.contains("labels     bug, frontend, needs-design"), lines.toString());
            assertTrue(lines.contains("children   task:8, task:9"), lines.toString());
            assertTrue(lines.contains("created    2026-12-01T10:00:00Z"), "times to the second: " + lines);
            assertTrue(lines.contains("updated    2026-12-02T10:30:00Z"), "times in UTC: " + lines);
            assertTrue(lines.contains("custom     {\"estimate\":5}"), lines.toString());
            int blank = lines.indexOf("");
            assertEquals("  First line.", lines.get(blank + 1));
            assertTrue(lines.size() > blank + 3, "the long line is broken: " + lines);
        }

        @Test
        void aSubjectWithOnlyTheRequiredFieldsShowsDashes() {
            assertEquals(
                    List.of(
                            "id         task:1",
                            "kind       task",
                            "title      First",
                            "status     ready",
                            "priority   -",
                            "assignee   -",
                            "labels     -"),
                    SubjectText.detail(task(1, "First"), EIGHTY));
        }

        @Test
        void aTimeThatDoesNotParseIsShownAsWritten() {
            assertEquals("yesterday", SubjectText.time("yesterday", EIGHTY));
            assertEquals("2026-12-01T10:00:00.5Z", SubjectText.time("2026-12-01T10:00:00.5Z", WIDE));
        }
    }

    @Nested
    class Watch {
        @Test
        void aChangeIsOneLineWithTheStatusAndTitle() {
            SubjectChange c =
                    new SubjectChange("task:1", ChangeKind.STATUS_CHANGED, Optional.of(task(1, "First")), "tasks");
            assertEquals("status-changed task:1 (ready) First", SubjectText.change(c, EIGHTY));
        }

        @Test
        void aDeletionWithoutTheSubjectIsTheId() {
            SubjectChange c = new SubjectChange("task:1", ChangeKind.DELETED, Optional.empty(), "tasks");
            assertEquals("deleted task:1", SubjectText.change(c, EIGHTY));
        }

        @Test
        void aLongTitleIsCutToTheWidth() {
            SubjectChange c = new SubjectChange("task:7", ChangeKind.UPDATED, Optional.of(full()), "tasks");
            String line = SubjectText.change(c, EIGHTY);
            assertEquals(80, line.codePointCount(0, line.length()), line);
            assertTrue(line.startsWith("updated task:7 (in-progress) Make") && line.endsWith("…"), line);
        }

        @Test
        void theJsonLineIsVersionedAndCarriesTheSubjectWhole() {
            SubjectChange c = new SubjectChange("task:7", ChangeKind.CREATED, Optional.of(full()), "tasks");
            ObjectNode o = SubjectJson.changed(c);
            assertEquals("animus.subject.event.v1", o.path("schema").asString());
            assertEquals("changed", o.path("type").asString());
            assertEquals("created", o.path("change_kind").asString());
            assertEquals(5, o.path("subject").path("custom").path("estimate").asInt());
            assertEquals("tasks", o.path("plugin").asString());
        }
    }

    @Test
    void theRoutingTableNamesTheNativePatternOfAnAliasedBackendOnly() {
        List<String> lines = SubjectText.kinds(
                List.of(new KindRow("task", "tasks", "task"), new KindRow("task2", "other", "task")), EIGHTY);
        assertEquals(List.of("PATTERN  PLUGIN  NATIVE", "task     tasks   -", "task2    other   task"), lines);
        ObjectNode doc = SubjectJson.kinds(List.of(new KindRow("task2", "other", "task")));
        assertEquals("animus.subject.kinds.v1", doc.path("schema").asString());
        assertEquals("task", doc.path("kinds").path(0).path("native_pattern").asString());
    }
}
