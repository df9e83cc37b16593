package dev.animus.router;

import java.util.List;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fields of subject params and results that hold kinds and ids (see {@link KindAlias}), rewritten
 * on a copy by one kind renaming. Only the fixed places are visited ({@code custom} and every other
 * field stay as they are), so the work is bounded by the size of the value, never by its depth.
 */
final class SubjectJson {
    private static final List<String> ID_FIELDS = List.of("subject_id", "parent");

    private SubjectJson() {}

    static JsonNode rewrite(JsonNode value, UnaryOperator<String> kinds) {
        JsonNode copy = value.deepCopy();
        if (copy instanceof ObjectNode top) {
            boolean event = top.get("event") instanceof ObjectNode;
            subject(top, kinds, !event);
            if (top.get("subject") instanceof ObjectNode s) {
                subject(s, kinds, true);
            }
            if (top.get("subjects") instanceof ArrayNode all) {
                for (JsonNode s : all) {
                    if (s instanceof ObjectNode o) {
                        subject(o, kinds, true);
                    }
                }
            }
            if (top.get("event") instanceof ObjectNode e) {
                subject(e, kinds, true);
                if (e.get("subject") instanceof ObjectNode s) {
                    subject(s, kinds, true);
                }
            }
            if (top.get("filter") instanceof ObjectNode f) {
                kindValues(f, "kind", kinds);
            }
        }
        return copy;
    }

    /** The kind and id fields of one object: a subject, an event, params or a result. */
    private static void subject(ObjectNode o, UnaryOperator<String> kinds, boolean withId) {
        if (withId) {
            id(o, "id", kinds);
        }
        ID_FIELDS.forEach(f -> id(o, f, kinds));
        if (o.get("children") instanceof ArrayNode children) {
            for (int i = 0; i < children.size(); i++) {
                if (children.get(i).isString()) {
                    children.set(i, renameId(children.get(i).stringValue(), kinds));
                }
            }
        }
        kindValues(o, "kind", kinds);
        if (o.get("kinds") instanceof ArrayNode all) {
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).isString()) {
                    all.set(i, renamePattern(all.get(i).stringValue(), kinds));
                }
            }
        }
    }

    private static void id(ObjectNode o, String field, UnaryOperator<String> kinds) {
        JsonNode v = o.get(field);
        if (v != null && v.isString()) {
            o.put(field, renameId(v.stringValue(), kinds));
        }
    }

    /** {@code field} of {@code o} as a kind, or an array of kinds. */
    private static void kindValues(ObjectNode o, String field, UnaryOperator<String> kinds) {
        JsonNode v = o.get(field);
        if (v == null) {
            return;
        }
        if (v.isString()) {
            o.put(field, kinds.apply(v.stringValue()));
        } else if (v instanceof ArrayNode all) {
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).isString()) {
                    all.set(i, kinds.apply(all.get(i).stringValue()));
                }
            }
        }
    }

    static String renameId(String id, UnaryOperator<String> kinds) {
        return SubjectRouter.kindOfId(id)
                .map(k -> kinds.apply(k) + id.substring(k.length()))
                .orElse(id);
    }

    /**
     * A schema's kind entry: a kind, or a glob whose subkinds the renaming moves (its prefix is moved as
     * one of its own subkinds would be: {@code task.*} goes where {@code task.x} goes, less {@code .x}).
     */
    private static String renamePattern(String text, UnaryOperator<String> kinds) {
        if (text.endsWith(".*") && KindPattern.isKind(text.substring(0, text.length() - 2))) {
            String probe = text.substring(0, text.length() - 2) + ".x";
            String moved = kinds.apply(probe);
            return moved.substring(0, moved.length() - 2) + ".*";
        }
        return kinds.apply(text);
    }
}
