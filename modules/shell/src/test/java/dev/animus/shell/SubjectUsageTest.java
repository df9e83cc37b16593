package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Bad input to {@code animus subject ...} is one line naming the value and what to do, with exit 2,
 * before any backend is asked (docs/cli.md#subjects): no plugin is installed in these homes.
 */
class SubjectUsageTest {
    @TempDir
    Path root;

    Map<String, String> env;

    @BeforeEach
    void home() {
        env = Cli.env(root);
    }

    Cli.Run animus(String... args) {
        return Cli.runWith(env, "", args);
    }

    void refused(String expected, String... args) {
        Cli.Run r = animus(args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.errLine().contains(expected), r.errLine());
    }

    @Test
    void aStatusNotOfTheFiveNamesThemAndTheNearest() {
        refused(
                "'finshed' is not a subject status: use one of ready|in-progress|blocked|done|cancelled",
                "subject",
                "status",
                "task:1",
                "finshed");
        refused("did you mean 'done'?", "subject", "update", "task:1", "--status", "don");
        refused("(try 'animus subject list --help')", "subject", "list", "--status", "open");
    }

    @Test
    void aPriorityOutside0To255IsRefused() {
        refused(
                "priority '300' is not a whole number from 0 to 255",
                "subject",
                "create",
                "--kind",
                "task",
                "--title",
                "t",
                "--priority",
                "300");
    }

    @Test
    void anUpdateLabelNeedsPlusOrMinus() {
        refused(
                "--label 'bug': give +LABEL to add a label or -LABEL to remove it (e.g. --label +bug)",
                "subject",
                "update",
                "task:1",
                "--label",
                "bug");
    }

    @Test
    void anUpdateThatChangesNothingIsRefused() {
        refused("nothing to update: give --status, --assignee, --unassign", "subject", "update", "task:1");
    }

    @Test
    void assigneeAndUnassignExcludeEachOther() {
        refused("mutually exclusive", "subject", "update", "task:1", "--assignee", "a", "--unassign");
    }

    @Test
    void anIdWithoutItsKindIsRefused() {
        refused("subject id '42' is not <kind>:<id>: give it with its kind, e.g. task:42", "subject", "get", "42");
        refused("is not <kind>:<id>", "subject", "status", "task:", "done");
    }

    @Test
    void aLimitBelowOneIsRefused() {
        refused("--limit 0: give at least 1", "subject", "list", "--limit", "0");
    }

    @Test
    void aBlankTitleIsRefused() {
        refused("--title is blank", "subject", "create", "--kind", "task", "--title", " ");
    }

    @Test
    void deleteWithoutATerminalNeedsYes() {
        refused("pass --yes to confirm", "subject", "delete", "task:1");
    }

    @Test
    void aDescriptionFromStdinIsRefusedInAScript() {
        Cli.Run r = Cli.runWith(env, "subject create --kind task --title t --description -\n");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.errLine().contains("--description - reads stdin, which holds the commands"), r.err());
    }

    @Test
    void withJsonARefusalIsTheErrorDocument() {
        Cli.Run r = animus("--json", "subject", "update", "task:1", "--label", "x");
        assertEquals(2, r.exitCode());
        JsonNode doc = dev.animus.shell.render.Terminal.json().readTree(r.out());
        assertEquals("animus.error.v1", doc.path("schema").asString());
        assertEquals("label_edit_invalid", doc.path("code").asString());
        assertEquals("usage", doc.path("category").asString());
    }
}
