package dev.animus.plugins.tasks;

import dev.animus.sdk.PluginError;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params of the subject methods, read strictly: a field of the wrong type or value is answered
 * {@code -32602} with a message naming the field and what it must be.
 */
final class Params {
    /** Bounds: a title, a label, an assignee; a description or comment. */
    static final int SHORT = 1000;

    static final int LONG = 1 << 20;

    private Params() {}

    /** {@code params.id}: an id of {@code kind}. */
    static SubjectId id(JsonNode params, String kind) {
        String text = requiredText(params, "id", SHORT);
        SubjectId id = SubjectId.parse(text)
                .orElseThrow(() -> bad("id: '" + text + "' is not a subject id like " + kind + ":42"));
        if (!id.kind().equals(kind)) {
            throw bad("id: '" + text + "' is not a " + kind + " (ask " + id.kind() + "/... for it)");
        }
        return id;
    }

    /** {@code <kind>/create}'s params. */
    static Draft draft(JsonNode params, String kind) {
        object(params, "params");
        String title = requiredText(params, "title", SHORT);
        if (title.isBlank()) {
            throw bad("title: must not be blank");
        }
        return new Draft(
                kind,
                title,
                optionalText(params, "description", LONG),
                priority(params.path("priority")),
                strings(params.path("labels"), "labels"),
                optionalText(params, "assignee", SHORT),
                optionalText(params, "parent", SHORT)
                        .map(p -> SubjectId.parse(p)
                                .orElseThrow(() -> bad("parent: '" + p + "' is not a subject id like task:42"))),
                custom(params.path("custom")).orElseGet(JsonNodeFactory.instance::objectNode));
    }

    /**
     * {@code <kind>/update}'s params: {@code id} and the fields of {@code patch}
     * (docs/protocol.md#subjects), or, as this backend first read them, the fields beside {@code id}.
     */
    static Patch patch(JsonNode request) {
        JsonNode params = request.path("patch").isObject() ? request.path("patch") : request;
        object(params, "params");
        JsonNode title = params.path("title");
        if (!title.isMissingNode() && (!title.isString() || title.stringValue().isBlank())) {
            throw bad("title: must be a non-blank string");
        }
        return new Patch(
                params.has("status") ? Optional.of(status(params.get("status"), "status")) : Optional.empty(),
                nullable(params, "assignee", SHORT),
                optionalText(params, "title", SHORT),
                nullable(params, "description", LONG),
                params.has("priority") ? Optional.of(priority(params.get("priority"))) : Optional.empty(),
                strings(params.path("labels_add"), "labels_add"),
                strings(params.path("labels_remove"), "labels_remove"),
                optionalText(params, "comment", LONG),
                custom(params.path("custom")));
    }

    /** {@code <kind>/status}'s {@code status}. */
    static Status status(JsonNode params) {
        if (!params.has("status")) {
            throw bad("status: missing; one of " + String.join(", ", Status.spellings()));
        }
        return status(params.get("status"), "status");
    }

    /** {@code params.filter} of a list or watch; a missing filter selects everything. */
    static Filter filter(JsonNode params) {
        object(params, "params");
        JsonNode f = params.path("filter");
        if (f.isMissingNode() || f.isNull()) {
            f = JsonNodeFactory.instance.objectNode();
        }
        object(f, "filter");
        Set<Status> status = new LinkedHashSet<>();
        for (String s : strings(f.path("status"), "filter.status")) {
            status.add(Status.of(s)
                    .orElseThrow(() ->
                            bad("filter.status: '" + s + "' is not one of " + String.join(", ", Status.spellings()))));
        }
        Optional<String> since = optionalText(f, "updated_since", SHORT).map(t -> {
            try {
                return TaskStore.canonicalTime(t);
            } catch (DateTimeParseException e) {
                throw bad("filter.updated_since: '" + t + "' is not an RFC 3339 time like 2026-01-02T03:04:05Z");
            }
        });
        long after = optionalText(f, "cursor", SHORT)
                .map(c -> {
                    if (!c.matches("[1-9][0-9]{0,17}")) {
                        throw bad("filter.cursor: '" + c + "' is not a cursor this backend gave (next_cursor)");
                    }
                    return Long.parseLong(c);
                })
                .orElse(0L);
        int limit = Filter.DEFAULT_LIMIT;
        JsonNode l = f.path("limit");
        if (!l.isMissingNode() && !l.isNull()) {
            if (!l.isIntegralNumber() || !l.canConvertToInt() || l.intValue() < 1 || l.intValue() > Filter.MAX_LIMIT) {
                throw bad("filter.limit: must be a whole number from 1 to " + Filter.MAX_LIMIT);
            }
            limit = l.intValue();
        }
        return new Filter(
                status,
                Set.copyOf(strings(f.path("kind"), "filter.kind")),
                Set.copyOf(strings(f.path("assignee"), "filter.assignee")),
                Set.copyOf(strings(f.path("labels_any"), "filter.labels_any")),
                Set.copyOf(strings(f.path("labels_all"), "filter.labels_all")),
                since,
                after,
                limit);
    }

    static PluginError bad(String message) {
        return PluginError.invalidParams(message);
    }

    private static void object(JsonNode node, String name) {
        if (!node.isObject()) {
            throw bad(name + ": must be a JSON object");
        }
    }

    private static Status status(JsonNode v, String field) {
        String text = v.isString() ? v.stringValue() : v.toString();
        return Status.of(text)
                .orElseThrow(
                        () -> bad(field + ": '" + text + "' is not one of " + String.join(", ", Status.spellings())));
    }

    private static Optional<Integer> priority(JsonNode v) {
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0 || v.intValue() > 255) {
            throw bad("priority: must be a whole number from 0 to 255 (higher is more urgent), not " + v);
        }
        return Optional.of(v.intValue());
    }

    private static String requiredText(JsonNode params, String field, int max) {
        return optionalText(params, field, max).orElseThrow(() -> bad(field + ": missing; a string is required"));
    }

    private static Optional<String> optionalText(JsonNode params, String field, int max) {
        JsonNode v = params.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isString()) {
            throw bad(
                    field + ": must be a string, not " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        if (v.stringValue().length() > max) {
            throw bad(field + ": longer than " + max + " characters");
        }
        return Optional.of(v.stringValue());
    }

    /** Absent: unchanged; {@code null}: cleared; a string: set. */
    private static Optional<Optional<String>> nullable(JsonNode params, String field, int max) {
        if (!params.has(field)) {
            return Optional.empty();
        }
        return Optional.of(optionalText(params, field, max));
    }

    private static List<String> strings(JsonNode v, String field) {
        if (v.isMissingNode() || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw bad(field + ": must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isString() || e.stringValue().isBlank() || e.stringValue().length() > SHORT) {
                throw bad(field + ": every element must be a non-blank string of at most " + SHORT + " characters");
            }
            out.add(e.stringValue());
        }
        return out;
    }

    private static Optional<ObjectNode> custom(JsonNode v) {
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!(v instanceof ObjectNode o)) {
            throw bad("custom: must be a JSON object");
        }
        return Optional.of(o);
    }
}
