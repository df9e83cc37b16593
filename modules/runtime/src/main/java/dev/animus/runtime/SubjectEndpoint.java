package dev.animus.runtime;

import dev.animus.subjects.KindRow;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The subject use cases as a front end calls them (docs/protocol.md#subjects): in this process
 * or in the project's daemon (its control socket's {@code subject/} group), with the same
 * results and failures either way. A call is routed by kind ({@code <kind>/<verb>}; an id routes
 * by its prefix, {@code task:42} → {@code task}) to the one backend the routing table names.
 *
 * <p>Failures: {@code dev.animus.router.NoSubjectBackend} when no backend serves the kind (with the
 * install command), {@code dev.animus.router.RouterConflict} when two backends claim one pattern
 * (naming both), {@code dev.animus.install.LaunchRefused} when the backend may not run,
 * {@link dev.animus.host.PluginCallFailed} for the backend's own error (e.g. an unknown id),
 * {@link dev.animus.subjects.SubjectInvalid} for an answer of the wrong shape.
 */
public interface SubjectEndpoint {

    /** The routing table: every installed, enabled backend's patterns, exact ones first. */
    List<KindRow> kinds();

    /** One page; without a kind in the filter, every backend's subjects merged (by {@code updated_at}, newest first). */
    SubjectPage list(SubjectFilter filter);

    Subject get(String id);

    Subject create(NewSubject subject);

    Subject update(String id, SubjectPatch patch);

    Subject status(String id, SubjectStatus status);

    void delete(String id);

    /** The next ready subject of {@code kind} by the backend's order (priority, then age), if any. */
    Optional<Subject> next(String kind);

    /** {@code subject/schema} of the backend serving {@code kind}. */
    JsonNode schema(String kind);

    /**
     * Watches the backends serving {@code kind} (every backend when empty): their
     * {@code subject/changed} events, or the host's polling where a backend answers -32001, go to
     * {@code sink} in order per backend, until the watch is closed or ends.
     */
    SubjectWatch watch(Optional<String> kind, SubjectFilter filter, Consumer<SubjectChange> sink);
}
