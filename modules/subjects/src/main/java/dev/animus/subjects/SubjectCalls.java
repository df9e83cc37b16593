package dev.animus.subjects;

import dev.animus.host.CallOptions;
import dev.animus.host.Supervisor;
import dev.animus.router.SubjectRouter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Subject calls routed to their backends (docs/protocol.md#subjects): {@code <kind>/<verb>} to the
 * one backend the routing table names, with the 2-minute default deadline, the {@code --as-kind}
 * rewriting both ways and the answer checked against the protocol's shape. An id routes by its
 * prefix ({@code task:42} → {@code task}). A backend's error answer passes through as the host's
 * {@link dev.animus.host.PluginCallFailed}, its code and message kept.
 *
 * <p>Thread-safe; it owns nothing: the processes are the supervisors'.
 */
public final class SubjectCalls {
    /** A subject call's deadline unless the caller gives another (docs/protocol.md#subjects). */
    public static final Duration DEADLINE = SubjectRouter.DEFAULT_DEADLINE;

    private final SubjectRoutes routes;
    private final Function<String, Supervisor> supervisors;
    private final Duration deadline;

    /**
     * @param supervisors the supervisor of a backend by plugin name (it may refuse: a plugin that
     *     may not run)
     */
    public SubjectCalls(SubjectRouter router, Function<String, Supervisor> supervisors, Duration deadline) {
        this.routes = new SubjectRoutes(router);
        this.supervisors = Objects.requireNonNull(supervisors, "supervisors");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
    }

    public SubjectCalls(SubjectRouter router, Function<String, Supervisor> supervisors) {
        this(router, supervisors, DEADLINE);
    }

    /** The routing table. */
    public List<KindRow> kinds() {
        return routes.table();
    }

    /**
     * One page. One kind (or kinds one backend serves): that backend's page and cursor as they
     * are. Otherwise a fan-out ({@link FanOut}).
     */
    public SubjectPage list(SubjectFilter filter) {
        Map<String, List<String>> byPlugin = new LinkedHashMap<>();
        Map<String, SubjectRoute> firstRoute = new LinkedHashMap<>();
        for (String kind : filter.kinds()) {
            SubjectRoute r = routes.resolve(kind);
            byPlugin.computeIfAbsent(r.plugin(), p -> new ArrayList<>()).add(kind);
            firstRoute.putIfAbsent(r.plugin(), r);
        }
        if (byPlugin.size() == 1 && !FanOut.isComposite(filter.cursor())) {
            return listOne(firstRoute.values().iterator().next(), filter);
        }
        List<FanOut.Source> sources = new ArrayList<>();
        if (byPlugin.isEmpty()) {
            for (SubjectRoute r : routes.backends()) {
                sources.add(new FanOut.Source(r, filter.withKinds(List.of())));
            }
        } else {
            byPlugin.forEach(
                    (plugin, kinds) -> sources.add(new FanOut.Source(firstRoute.get(plugin), filter.withKinds(kinds))));
        }
        return FanOut.page(sources, filter, this::listOne);
    }

    /** One backend's page for {@code filter}, as it answered. */
    SubjectPage listOne(SubjectRoute route, SubjectFilter filter) {
        ObjectNode params = object();
        params.set("filter", filter.toJson());
        JsonNode answer = call(route, "list", params);
        JsonNode subjects = answer.path("subjects");
        if (!subjects.isArray()) {
            throw invalid(route, "list", "an object with a 'subjects' array", answer);
        }
        List<Subject> page = new ArrayList<>();
        subjects.forEach(s -> page.add(Subject.of(s)));
        JsonNode next = answer.path("next_cursor");
        return new SubjectPage(
                page, next.isString() && !next.asString().isEmpty() ? Optional.of(next.asString()) : Optional.empty());
    }

    public Subject get(String id) {
        SubjectRoute route = routes.forId(id);
        return subjectOf(route, "get", call(route, "get", idParams(id)));
    }

    public Subject create(NewSubject subject) {
        SubjectRoute route = routes.resolve(subject.kind());
        return subjectOf(route, "create", call(route, "create", subject.toJson()));
    }

    public Subject update(String id, SubjectPatch patch) {
        SubjectRoute route = routes.forId(id);
        ObjectNode params = idParams(id);
        params.set("patch", patch.toJson());
        return subjectOf(route, "update", call(route, "update", params));
    }

    public Subject status(String id, SubjectStatus status) {
        SubjectRoute route = routes.forId(id);
        ObjectNode params = idParams(id);
        params.put("status", status.wire());
        return subjectOf(route, "status", call(route, "status", params));
    }

    public void delete(String id) {
        SubjectRoute route = routes.forId(id);
        JsonNode answer = call(route, "delete", idParams(id));
        if (!answer.path("ok").asBoolean(false)) {
            throw invalid(route, "delete", "{\"ok\":true}", answer);
        }
    }

    public Optional<Subject> next(String kind) {
        SubjectRoute route = routes.resolve(kind);
        JsonNode answer = call(route, "next", object());
        JsonNode s = answer.path("subject");
        if (s.isMissingNode() || s.isNull()) {
            if (!answer.isObject()) {
                throw invalid(route, "next", "an object with an optional 'subject'", answer);
            }
            return Optional.empty();
        }
        return Optional.of(Subject.of(s));
    }

    public JsonNode schema(String kind) {
        SubjectRoute route = routes.resolve(kind);
        JsonNode answer = call(route, "schema", object());
        if (!answer.isObject()) {
            throw invalid(route, "schema", "an object", answer);
        }
        return answer;
    }

    /**
     * Watches the backends serving {@code kind} (every backend when empty): each backend's
     * {@code subject/changed} events, or polling where it answers -32001, go to {@code sink}.
     *
     * @throws RuntimeException the router's failure, or a backend's failure to start its watch
     *     (the watches already started are closed)
     */
    public SubjectWatching watch(
            Optional<String> kind, SubjectFilter filter, Consumer<SubjectChange> sink, Polling polling) {
        List<SubjectRoute> targets = kind.isPresent() ? List.of(routes.resolve(kind.get())) : routes.backends();
        SubjectWatching watching = new SubjectWatching();
        try {
            for (SubjectRoute route : targets) {
                watching.add(BackendWatch.start(this, route, kind.isPresent(), filter, sink, polling, watching));
            }
        } catch (RuntimeException e) {
            watching.close();
            throw e;
        }
        return watching;
    }

    Supervisor supervisor(SubjectRoute route) {
        return supervisors.apply(route.plugin());
    }

    CallOptions options() {
        return CallOptions.defaults().withTimeout(deadline);
    }

    /** {@code <native kind>/<verb>} to the route's backend; the answer rewritten back. */
    JsonNode call(SubjectRoute route, String verb, ObjectNode params) {
        JsonNode answer = supervisor(route).call(route.method(verb), route.outbound(params), options());
        return route.inbound(answer);
    }

    private static Subject subjectOf(SubjectRoute route, String verb, JsonNode answer) {
        if (!answer.path("subject").isObject()) {
            throw invalid(route, verb, "an object with a 'subject'", answer);
        }
        return Subject.of(answer.path("subject"));
    }

    static SubjectInvalid invalid(SubjectRoute route, String verb, String wanted, JsonNode got) {
        String text = String.valueOf(got);
        return new SubjectInvalid("plugin " + route.plugin() + ", " + route.method(verb) + " answered "
                + (text.length() > 120 ? text.substring(0, 117) + "..." : text) + "; docs/protocol.md#subjects wants "
                + wanted);
    }

    private static ObjectNode idParams(String id) {
        ObjectNode p = object();
        p.put("id", id);
        return p;
    }

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }
}
