package dev.animus.subjects;

import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where one kind's calls go (docs/protocol.md#subjects): the backend, and the kind as that backend
 * knows it. The two differ when the plugin was installed with {@code --as-kind}; then the params
 * are rewritten to the native kind on the way out and the answer back to the routed kind on the
 * way in: the method's prefix, the top-level {@code id}/{@code subject_id} prefixes and
 * {@code kind}/{@code filter.kind} values out; {@code kind}, {@code subject} and
 * {@code subjects[*]} kinds and id prefixes in.
 *
 * @param plugin the backend's plugin name
 * @param kind the kind as the router shows it (a pattern's text, e.g. {@code task.*}, for a fan-out)
 * @param nativeKind the kind as the plugin declared it
 */
public record SubjectRoute(String plugin, String kind, String nativeKind) {
    public SubjectRoute {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nativeKind, "nativeKind");
    }

    /** A route whose kind is the plugin's own. */
    public static SubjectRoute of(String plugin, String kind) {
        return new SubjectRoute(plugin, kind, kind);
    }

    public boolean aliased() {
        return !kind.equals(nativeKind);
    }

    /** The method the backend is sent: {@code <native kind>/<verb>}. */
    public String method(String verb) {
        return nativeKind + "/" + verb;
    }

    /** {@code params} with the routed kind rewritten to the native one (a copy). */
    public ObjectNode outbound(ObjectNode params) {
        ObjectNode p = params.deepCopy();
        if (!aliased()) {
            return p;
        }
        for (String field : new String[] {"id", "subject_id"}) {
            if (p.path(field).isString()) {
                p.put(field, swapPrefix(p.path(field).asString(), kind, nativeKind));
            }
        }
        if (p.path("kind").isString() && p.path("kind").asString().equals(kind)) {
            p.put("kind", nativeKind);
        }
        if (p.path("filter").path("kind") instanceof ArrayNode kinds) {
            for (int i = 0; i < kinds.size(); i++) {
                if (kinds.get(i).isString() && kinds.get(i).asString().equals(kind)) {
                    kinds.set(i, nativeKind);
                }
            }
        }
        return p;
    }

    /** {@code answer} with the native kind rewritten to the routed one (a copy). */
    public JsonNode inbound(JsonNode answer) {
        if (!aliased() || !(answer instanceof ObjectNode o)) {
            return answer;
        }
        ObjectNode a = o.deepCopy();
        rewriteSubject(a);
        if (a.path("subject") instanceof ObjectNode s) {
            rewriteSubject(s);
        }
        a.path("subjects").forEach(s -> {
            if (s instanceof ObjectNode so) {
                rewriteSubject(so);
            }
        });
        return a;
    }

    /** A subject id as the router shows it, from the backend's. */
    public String inboundId(String id) {
        return aliased() ? swapPrefix(id, nativeKind, kind) : id;
    }

    private void rewriteSubject(ObjectNode s) {
        if (s.path("kind").isString() && s.path("kind").asString().equals(nativeKind)) {
            s.put("kind", kind);
        }
        if (s.path("id").isString()) {
            s.put("id", swapPrefix(s.path("id").asString(), nativeKind, kind));
        }
    }

    private static String swapPrefix(String id, String from, String to) {
        return id.startsWith(from + ":") ? to + id.substring(from.length()) : id;
    }
}
