package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.subjects.ChangeKind;
import dev.animus.subjects.KindRow;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code subject/} group's values on the control socket (docs/daemon.md#subjects), both ways:
 * the protocol's own shapes (docs/protocol.md#subjects) so a client that is not ours reads them
 * as a backend writes them.
 */
final class SubjectWire {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private SubjectWire() {}

    static ObjectNode kinds(List<KindRow> rows) {
        ObjectNode o = JSON.objectNode();
        ArrayNode a = o.putArray("kinds");
        rows.forEach(r -> a.addObject()
                .put("pattern", r.pattern())
                .put("plugin", r.plugin())
                .put("native_pattern", r.nativePattern()));
        return o;
    }

    static List<KindRow> readKinds(JsonNode o) {
        List<KindRow> out = new ArrayList<>();
        o.path("kinds")
                .forEach(r -> out.add(new KindRow(
                        r.path("pattern").asString(),
                        r.path("plugin").asString(),
                        r.path("native_pattern").asString())));
        return List.copyOf(out);
    }

    static ObjectNode page(SubjectPage page) {
        ObjectNode o = JSON.objectNode();
        ArrayNode a = o.putArray("subjects");
        page.subjects().forEach(s -> a.add(s.json()));
        page.nextCursor().ifPresent(c -> o.put("next_cursor", c));
        return o;
    }

    static SubjectPage readPage(JsonNode o) {
        List<Subject> subjects = new ArrayList<>();
        o.path("subjects").forEach(s -> subjects.add(Subject.of(s)));
        JsonNode c = o.path("next_cursor");
        return new SubjectPage(subjects, c.isString() ? Optional.of(c.asString()) : Optional.empty());
    }

    static ObjectNode subject(Subject s) {
        ObjectNode o = JSON.objectNode();
        o.set("subject", s.json());
        return o;
    }

    static ObjectNode maybe(Optional<Subject> s) {
        ObjectNode o = JSON.objectNode();
        s.ifPresent(x -> o.set("subject", x.json()));
        return o;
    }

    static Optional<Subject> readMaybe(JsonNode o) {
        return o.path("subject").isObject() ? Optional.of(Subject.of(o.path("subject"))) : Optional.empty();
    }

    static ObjectNode change(SubjectChange c) {
        ObjectNode o = JSON.objectNode()
                .put("id", c.subjectId())
                .put("change_kind", c.change().wire())
                .put("plugin", c.plugin());
        c.subject().ifPresent(s -> o.set("subject", s.json()));
        return o;
    }

    static SubjectChange readChange(JsonNode o) {
        return new SubjectChange(
                o.path("id").asString(),
                ChangeKind.parse(o.path("change_kind").asString()),
                readMaybe(o),
                o.path("plugin").asString());
    }

    static ObjectNode filter(SubjectFilter f) {
        return f.toJson();
    }

    /** A filter object as docs/protocol.md#subjects has it; absent: everything. */
    static SubjectFilter readFilter(JsonNode f) {
        if (f.isMissingNode() || f.isNull()) {
            return SubjectFilter.all();
        }
        if (!f.isObject()) {
            throw bad("'filter' must be an object");
        }
        try {
            Optional<Instant> since = f.path("updated_since").isString()
                    ? Optional.of(Instant.parse(f.path("updated_since").asString()))
                    : Optional.empty();
            return new SubjectFilter(
                    strings(f, "kind"),
                    strings(f, "status").stream().map(SubjectStatus::parse).toList(),
                    strings(f, "assignee"),
                    strings(f, "labels_any"),
                    strings(f, "labels_all"),
                    since,
                    f.path("cursor").isString() ? Optional.of(f.path("cursor").asString()) : Optional.empty(),
                    f.path("limit").isIntegralNumber()
                            ? OptionalInt.of(f.path("limit").asInt())
                            : OptionalInt.empty());
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw bad("filter: " + e.getMessage());
        }
    }

    static ObjectNode newSubject(NewSubject n) {
        ObjectNode o = n.toJson();
        o.put("kind", n.kind());
        return o;
    }

    static NewSubject readNew(JsonNode p) {
        try {
            JsonNode pr = p.path("priority");
            return new NewSubject(
                    Params.text(p, "kind"),
                    Params.text(p, "title"),
                    Params.optionalText(p, "description"),
                    strings(p, "labels"),
                    pr.isIntegralNumber() ? OptionalInt.of(pr.asInt()) : OptionalInt.empty(),
                    Params.optionalText(p, "assignee"),
                    Params.optionalText(p, "parent"));
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    static SubjectPatch readPatch(JsonNode p) {
        if (!p.isObject()) {
            throw bad("'patch' must be an object");
        }
        try {
            Optional<SubjectPatch.Assignee> assignee = !p.has("assignee")
                    ? Optional.empty()
                    : p.path("assignee").isNull()
                            ? Optional.of(new SubjectPatch.Assignee.Clear())
                            : Optional.of(new SubjectPatch.Assignee.Set(
                                    p.path("assignee").asString()));
            return new SubjectPatch(
                    p.path("status").isString()
                            ? Optional.of(SubjectStatus.parse(p.path("status").asString()))
                            : Optional.empty(),
                    assignee,
                    strings(p, "labels_add"),
                    strings(p, "labels_remove"),
                    p.path("comment").isString() ? Optional.of(p.path("comment").asString()) : Optional.empty(),
                    p.path("custom") instanceof ObjectNode c ? Optional.of(c) : Optional.empty());
        } catch (IllegalArgumentException e) {
            throw bad("patch: " + e.getMessage());
        }
    }

    static SubjectStatus readStatus(JsonNode p) {
        try {
            return SubjectStatus.parse(Params.text(p, "status"));
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private static List<String> strings(JsonNode o, String field) {
        JsonNode v = o.path(field);
        List<String> out = new ArrayList<>();
        if (v.isString()) {
            out.add(v.asString());
        } else {
            v.forEach(x -> out.add(x.asString()));
        }
        return out;
    }

    private static ControlError bad(String message) {
        return new ControlError(ErrorCategory.INVALID_REQUEST, message);
    }
}
