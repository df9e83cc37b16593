package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class EventActionTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private static TriggerEvent event(
            String hint, ObjectNode payload, Optional<String> kind, Optional<String> subject) {
        return new TriggerEvent(
                "d1", Optional.empty(), subject, kind, Optional.ofNullable(hint), Optional.empty(), payload);
    }

    private static TriggerConfig config(String toml) {
        ObjectNode t = JSON.objectNode();
        t.putArray("labels").add("from-webhook").add("bug");
        if (toml != null) {
            t.put("kind", toml);
        }
        return ((TriggerConfig.Usable) TriggerConfig.read("webhook", t)).config();
    }

    @Test
    void createTaskTakesTitleDescriptionAndTheLabelsOfPayloadAndTable() {
        ObjectNode p = JSON.objectNode().put("title", "Fix it").put("description", "now");
        p.putArray("labels").add("bug").add("p1");
        EventAction a = EventAction.of(event("create_task", p, Optional.empty(), Optional.empty()), config("issue"));
        assertEquals(
                new EventAction.CreateTask("issue", "Fix it", Optional.of("now"), List.of("bug", "p1", "from-webhook")),
                a);
        a = EventAction.of(event("create_task", p, Optional.of("memo"), Optional.empty()), config(null));
        assertEquals("memo", ((EventAction.CreateTask) a).kind());
        a = EventAction.of(event("create_task", p, Optional.empty(), Optional.empty()), TriggerConfig.empty());
        assertEquals("task", ((EventAction.CreateTask) a).kind());
    }

    @Test
    void aTaskWithoutATitleIsUnusable() {
        EventAction a = EventAction.of(
                event("create_task", JSON.objectNode(), Optional.empty(), Optional.empty()), TriggerConfig.empty());
        assertEquals(
                "event d1: create_task needs payload.title, a non-empty string",
                assertInstanceOf(EventAction.Unusable.class, a).reason());
    }

    @Test
    void runWorkflowQueuesItsSubjectAndAnyOtherHintIsUnmatched() {
        assertEquals(
                new EventAction.RunWorkflow("task:7"),
                EventAction.of(
                        event("run_workflow", JSON.objectNode(), Optional.empty(), Optional.of("task:7")),
                        TriggerConfig.empty()));
        assertInstanceOf(
                EventAction.Unusable.class,
                EventAction.of(
                        event("run_workflow", JSON.objectNode(), Optional.empty(), Optional.empty()),
                        TriggerConfig.empty()));
        assertEquals(
                new EventAction.Unmatched(Optional.of("deploy")),
                EventAction.of(
                        event("deploy", JSON.objectNode(), Optional.empty(), Optional.empty()), TriggerConfig.empty()));
        assertEquals(
                new EventAction.Unmatched(Optional.empty()),
                EventAction.of(
                        event(null, JSON.objectNode(), Optional.empty(), Optional.empty()), TriggerConfig.empty()));
    }

    @Test
    void aTableWithLabelsThatAreNoStringsNamesItsKey() {
        ObjectNode t = JSON.objectNode();
        t.putArray("labels").add(3);
        assertEquals(
                new TriggerConfig.Invalid("webhook.labels", "must be an array of non-empty strings"),
                TriggerConfig.read("webhook", t));
        assertEquals(
                new TriggerConfig.Invalid("webhook", "must be a table ([webhook])"),
                TriggerConfig.read("webhook", JSON.numberNode(3)));
    }
}
