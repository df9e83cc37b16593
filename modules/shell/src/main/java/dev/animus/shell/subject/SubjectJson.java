package dev.animus.shell.subject;

import dev.animus.shell.render.Terminal;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code --json} documents of {@code animus subject ...} (docs/cli.md#subjects). A subject is
 * the object its backend answered, whole: fields the host does not know ({@code custom}, a
 * backend's extras) reach a program unchanged.
 */
final class SubjectJson {
    /** The schema of a watch's lines, with the version of their form. */
    static final String EVENT_SCHEMA = "animus.subject.event.v1";

    private SubjectJson() {}

    /** {@code animus.subject.kinds.v1}: the routing table. */
    static ObjectNode kinds(List<KindRow> rows) {
        ObjectNode env = Terminal.envelope("subject.kinds");
        ArrayNode kinds = env.putArray("kinds");
        rows.forEach(r -> kinds.addObject()
                .put("pattern", r.pattern())
                .put("plugin", r.plugin())
                .put("native_pattern", r.nativePattern()));
        return env;
    }

    /** {@code animus.subject.list.v1}: the subjects, and {@code next_cursor} when there are more. */
    static ObjectNode list(List<Subject> subjects, Optional<String> nextCursor) {
        ObjectNode env = Terminal.envelope("subject.list");
        ArrayNode list = env.putArray("subjects");
        subjects.forEach(s -> list.add(s.json().deepCopy()));
        nextCursor.ifPresent(c -> env.put("next_cursor", c));
        return env;
    }

    /** {@code animus.subject.<command>.v1} with the one subject: get, create, update, status, next. */
    static ObjectNode one(String command, Subject subject) {
        ObjectNode env = Terminal.envelope("subject." + command);
        env.set("subject", subject.json().deepCopy());
        return env;
    }

    /** {@code animus.subject.delete.v1}. */
    static ObjectNode deleted(String id) {
        return Terminal.envelope("subject.delete").put("id", id).put("deleted", true);
    }

    /**
     * One line of {@code watch --json}: {@code type} {@code changed} with {@code change_kind},
     * {@code id}, {@code plugin} and {@code subject} (left out for a deletion that did not carry it).
     */
    static ObjectNode changed(SubjectChange c) {
        ObjectNode o = head("changed");
        o.put("change_kind", c.change().wire());
        o.put("id", c.subjectId());
        o.put("plugin", c.plugin());
        c.subject().ifPresent(s -> o.set("subject", s.json().deepCopy()));
        return o;
    }

    /** The last line of a watch that ended on its own (a backend died, the daemon stopped): {@code type} {@code ended}. */
    static ObjectNode ended(String reason) {
        return head("ended").put("reason", reason);
    }

    private static ObjectNode head(String type) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("schema", EVENT_SCHEMA);
        o.put("type", type);
        return o;
    }
}
