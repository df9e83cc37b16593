package dev.animus.plugins.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A subject as JSON (the shape plugins/tasks/README.md gives): snake_case, optional fields left out when empty,
 * {@code comments} only when there are some. Also reads back what it wrote (the change log keeps
 * each write's subject as this JSON).
 */
final class SubjectCodec {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SubjectCodec() {}

    static ObjectNode toJson(Subject s) {
        ObjectNode o = NODES.objectNode();
        o.put("id", s.id().toString());
        o.put("kind", s.id().kind());
        o.put("title", s.title());
        s.description().ifPresent(d -> o.put("description", d));
        o.put("status", s.status().wire());
        s.priority().ifPresent(p -> o.put("priority", p));
        s.assignee().ifPresent(a -> o.put("assignee", a));
        ArrayNode labels = o.putArray("labels");
        s.labels().forEach(labels::add);
        s.parent().ifPresent(p -> o.put("parent", p.toString()));
        ArrayNode children = o.putArray("children");
        s.children().forEach(c -> children.add(c.toString()));
        o.put("created_at", s.createdAt());
        o.put("updated_at", s.updatedAt());
        o.set("custom", s.custom());
        if (!s.comments().isEmpty()) {
            ArrayNode comments = o.putArray("comments");
            for (Subject.Comment c : s.comments()) {
                comments.addObject().put("text", c.text()).put("at", c.at());
            }
        }
        return o;
    }

    /** The subject {@link #toJson} wrote as {@code text}. */
    static Subject parse(String text) {
        JsonNode o = JSON.readTree(text);
        List<Subject.Comment> comments = new ArrayList<>();
        o.path("comments")
                .forEach(c -> comments.add(new Subject.Comment(
                        c.path("text").asString(), c.path("at").asString())));
        return new Subject(
                SubjectId.parse(o.path("id").asString()).orElseThrow(),
                o.path("title").asString(),
                text(o, "description"),
                Status.of(o.path("status").asString()).orElseThrow(),
                o.has("priority") ? Optional.of(o.get("priority").asInt()) : Optional.empty(),
                text(o, "assignee"),
                strings(o.path("labels")),
                text(o, "parent").flatMap(SubjectId::parse),
                strings(o.path("children")).stream()
                        .map(c -> SubjectId.parse(c).orElseThrow())
                        .toList(),
                o.path("created_at").asString(),
                o.path("updated_at").asString(),
                (ObjectNode) o.path("custom"),
                comments);
    }

    /** The JSON object the {@code custom} column holds. */
    static ObjectNode object(String text) {
        try {
            return JSON.readTree(text) instanceof ObjectNode o ? o : NODES.objectNode();
        } catch (JacksonException e) {
            throw new StoreFailed("a subject's custom column is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static Optional<String> text(JsonNode o, String field) {
        return o.path(field).isString() ? Optional.of(o.get(field).stringValue()) : Optional.empty();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asString()));
        return out;
    }
}
