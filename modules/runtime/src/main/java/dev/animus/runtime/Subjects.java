package dev.animus.runtime;

import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import dev.animus.core.PluginState;
import dev.animus.host.ProjectBinding;
import dev.animus.host.Supervisor;
import dev.animus.router.Registration;
import dev.animus.router.Registrations;
import dev.animus.router.SubjectRouter;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Polling;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectCalls;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import dev.animus.subjects.SubjectWatching;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The subject use cases in this process (docs/protocol.md#subjects): the routing table is built
 * at each call from the installed backends enabled for the agent (their manifests' kinds, nothing
 * spawned), so a conflict between two backends fails the subject call that meets it, never an
 * unrelated command; the backends run in its {@link Plugins}' host.
 *
 * <p>Thread-safe. It owns nothing to close: the processes are its {@link Plugins}'.
 */
public final class Subjects implements SubjectEndpoint {
    private final AtomicReference<Built> built = new AtomicReference<>();
    private final Animus animus;
    private final Plugins plugins;
    private final String agent;
    private final Optional<ProjectBinding> binding;
    private final Polling polling;
    private final Duration deadline;

    Subjects(
            Animus animus,
            Plugins plugins,
            String agent,
            Optional<ProjectBinding> binding,
            Polling polling,
            Duration deadline) {
        this.animus = Objects.requireNonNull(animus, "animus");
        this.plugins = Objects.requireNonNull(plugins, "plugins");
        this.agent = Objects.requireNonNull(agent, "agent");
        this.binding = Objects.requireNonNull(binding, "binding")
                .or(() -> plugins.options().projectBinding());
        this.polling = Objects.requireNonNull(polling, "polling");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
    }

    /** These use cases, polling backends that cannot watch as {@code p} says (tests tick by hand). */
    public Subjects withPolling(Polling p) {
        return new Subjects(animus, plugins, agent, binding, p, deadline);
    }

    @Override
    public List<KindRow> kinds() {
        return calls().kinds();
    }

    @Override
    public SubjectPage list(SubjectFilter filter) {
        return calls().list(filter);
    }

    @Override
    public Subject get(String id) {
        return calls().get(id);
    }

    @Override
    public Subject create(NewSubject subject) {
        return calls().create(subject);
    }

    @Override
    public Subject update(String id, SubjectPatch patch) {
        return calls().update(id, patch);
    }

    @Override
    public Subject status(String id, SubjectStatus status) {
        return calls().status(id, status);
    }

    @Override
    public void delete(String id) {
        calls().delete(id);
    }

    @Override
    public Optional<Subject> next(String kind) {
        return calls().next(kind);
    }

    @Override
    public JsonNode schema(String kind) {
        return calls().schema(kind);
    }

    @Override
    public SubjectWatch watch(Optional<String> kind, SubjectFilter filter, Consumer<SubjectChange> sink) {
        SubjectWatching watching = calls().watch(kind, filter, sink, polling);
        return new SubjectWatch() {
            @Override
            public Optional<String> await(Duration timeout) throws InterruptedException {
                return watching.await(timeout);
            }

            @Override
            public void close() {
                watching.close();
            }
        };
    }

    /**
     * The calls over the routing table and the backends' supervisors, built again only when the
     * files that decide them changed ({@link GrantsStamp}: the state holds what is installed,
     * enabled and aliased, and the digest that names each manifest): a long-lived front end (the
     * daemon) reads no state and no manifest per call (docs/performance.md#subjects-benchsubjects-issue-22).
     */
    private SubjectCalls calls() {
        GrantsStamp now = animus.grantsStamp();
        Built last = built.get();
        if (last != null && last.stamp().equals(now)) {
            return last.calls();
        }
        Map<String, Supervisor> supervisors = new ConcurrentHashMap<>();
        SubjectCalls fresh = new SubjectCalls(
                router(),
                name -> supervisors.computeIfAbsent(
                        name, n -> animus.register(animus.permit(n, agent), plugins.host(), binding)),
                deadline);
        built.set(new Built(now, fresh));
        return fresh;
    }

    /** The calls built under one stamp. */
    private record Built(GrantsStamp stamp, SubjectCalls calls) {}

    /**
     * The router over the enabled backends' declared kinds.
     *
     * @throws dev.animus.router.RouterConflict when two of them claim one pattern (naming both)
     */
    private SubjectRouter router() {
        List<Registration> registrations = new ArrayList<>();
        for (Map.Entry<String, PluginState> e : animus.state().plugins().entrySet()) {
            PluginState ps = e.getValue();
            if (!ps.enabledAllAgents() && !ps.enabledAgents().contains(agent)) {
                continue;
            }
            animus.manifest(e.getKey())
                    .filter(Subjects::isBackend)
                    .ifPresent(m -> registrations.addAll(
                            Registrations.forPlugin(e.getKey(), m.subjectKinds(), animus.subjectAliases(e.getKey()))));
        }
        return SubjectRouter.of(registrations);
    }

    static boolean isBackend(Manifest m) {
        return m.kind().routed() == PluginKind.Routed.SUBJECT_BACKEND
                || m.extraKinds().stream().anyMatch(k -> k.routed() == PluginKind.Routed.SUBJECT_BACKEND);
    }
}
