package dev.animus.subjects;

import dev.animus.router.KindAlias;
import dev.animus.router.Registration;
import dev.animus.router.Route;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where one call goes (docs/protocol.md#subjects): the backend, the kind as the router shows it
 * and as the backend knows it, and the {@code --as-kind} alias that rewrites between the two
 * (the router's {@link KindAlias} rules, both ways).
 *
 * @param plugin the backend's plugin name
 * @param kind the kind as the router shows it (a pattern's text, e.g. {@code task.*}, for a fan-out)
 * @param nativeKind the kind as the plugin declared it
 * @param alias present when the plugin was installed with {@code --as-kind}
 */
record SubjectRoute(String plugin, String kind, String nativeKind, Optional<KindAlias> alias) {
    SubjectRoute {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nativeKind, "nativeKind");
        Objects.requireNonNull(alias, "alias");
    }

    /** The route of {@code kind} the router chose. */
    static SubjectRoute of(String kind, Route route) {
        return new SubjectRoute(route.plugin(), kind, route.nativeKind(), aliasOf(route.registration()));
    }

    /** A backend's first registration, for a call to every backend. */
    static SubjectRoute of(Registration r) {
        return new SubjectRoute(
                r.plugin(), r.pattern().text(), r.nativePattern().text(), aliasOf(r));
    }

    private static Optional<KindAlias> aliasOf(Registration r) {
        return r.aliased() ? Optional.of(new KindAlias(r.nativePattern(), r.pattern())) : Optional.empty();
    }

    /** The method the backend is sent: {@code <native kind>/<verb>}. */
    String method(String verb) {
        return nativeKind + "/" + verb;
    }

    /** {@code params} as the backend knows them (a copy). */
    ObjectNode outbound(ObjectNode params) {
        return alias.map(a -> (ObjectNode) a.outbound(params)).orElseGet(params::deepCopy);
    }

    /** {@code answer} (or a notification's params) as the router shows them. */
    JsonNode inbound(JsonNode answer) {
        return alias.map(a -> a.inbound(answer)).orElse(answer);
    }
}
