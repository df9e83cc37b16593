package dev.animus.subjects;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A merge patch of {@code <kind>/update} (docs/protocol.md#subjects): only what is given changes.
 *
 * @param assignee empty: unchanged; {@link Assignee.Set} or {@link Assignee.Clear} (sent as null)
 * @param comment added to the subject's history
 * @param custom merged into the subject's {@code custom}
 */
public record SubjectPatch(
        Optional<SubjectStatus> status,
        Optional<Assignee> assignee,
        List<String> labelsAdd,
        List<String> labelsRemove,
        Optional<String> comment,
        Optional<ObjectNode> custom) {
    public SubjectPatch {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(assignee, "assignee");
        labelsAdd = List.copyOf(labelsAdd);
        labelsRemove = List.copyOf(labelsRemove);
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(custom, "custom");
    }

    /** What the patch does to the assignee. */
    public sealed interface Assignee {
        record Set(String name) implements Assignee {
            public Set {
                Objects.requireNonNull(name, "name");
            }
        }

        record Clear() implements Assignee {}
    }

    /** Changes nothing. */
    public static SubjectPatch none() {
        return new SubjectPatch(
                Optional.empty(), Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty());
    }

    /** Whether it changes nothing at all. */
    public boolean isEmpty() {
        return status.isEmpty()
                && assignee.isEmpty()
                && labelsAdd.isEmpty()
                && labelsRemove.isEmpty()
                && comment.isEmpty()
                && custom.isEmpty();
    }

    /** The {@code patch} object; what is not given is left out. */
    public ObjectNode toJson() {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        status.ifPresent(s -> p.put("status", s.wire()));
        assignee.ifPresent(a -> {
            switch (a) {
                case Assignee.Set(String name) -> p.put("assignee", name);
                case Assignee.Clear() -> p.putNull("assignee");
            }
        });
        if (!labelsAdd.isEmpty()) {
            labelsAdd.forEach(p.putArray("labels_add")::add);
        }
        if (!labelsRemove.isEmpty()) {
            labelsRemove.forEach(p.putArray("labels_remove")::add);
        }
        comment.ifPresent(c -> p.put("comment", c));
        custom.ifPresent(c -> p.set("custom", c.deepCopy()));
        return p;
    }
}
