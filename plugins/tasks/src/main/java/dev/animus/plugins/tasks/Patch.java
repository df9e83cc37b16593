package dev.animus.plugins.tasks;

import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@code update} changes; what is absent stays. {@code custom} is merged key by key (a key set
 * to {@code null} is removed); a comment is appended to the subject's history.
 *
 * @param assignee absent: unchanged; present and empty: cleared ({@code "assignee": null})
 */
record Patch(
        Optional<Status> status,
        Optional<Optional<String>> assignee,
        Optional<String> title,
        Optional<Optional<String>> description,
        Optional<Optional<Integer>> priority,
        List<String> labelsAdd,
        List<String> labelsRemove,
        Optional<String> comment,
        Optional<ObjectNode> custom) {
    Patch {
        labelsAdd = List.copyOf(labelsAdd);
        labelsRemove = List.copyOf(labelsRemove);
        custom = custom.map(ObjectNode::deepCopy);
    }

    /** A patch that only sets the status ({@code <kind>/status}). */
    static Patch status(Status status) {
        return new Patch(
                Optional.of(status),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                List.of(),
                Optional.empty(),
                Optional.empty());
    }
}
