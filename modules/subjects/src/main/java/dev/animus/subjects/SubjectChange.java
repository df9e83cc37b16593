package dev.animus.subjects;

import java.util.Objects;
import java.util.Optional;

/**
 * One change a watch saw (docs/protocol.md#subjects), from the backend's {@code subject/changed}
 * or from the host's polling of a backend that cannot watch: the same events either way.
 *
 * @param subjectId the subject's id (as the router shows it: an aliased kind's prefix)
 * @param subject the subject after the change; empty for a deletion or when the backend left it out
 * @param plugin the backend it came from
 */
public record SubjectChange(String subjectId, ChangeKind change, Optional<Subject> subject, String plugin) {
    public SubjectChange {
        Objects.requireNonNull(subjectId, "subjectId");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(plugin, "plugin");
    }
}
