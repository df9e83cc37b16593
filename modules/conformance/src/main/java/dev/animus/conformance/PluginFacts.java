package dev.animus.conformance;

import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What the checks learn about the plugin before its packs run: from its manifest (when it printed a
 * valid one) and from its {@code initialize} answer (when it gave one). Kinds are routed names
 * ({@code task_backend} counts as {@code subject_backend}, {@code web_ui} as a transport too);
 * methods keep the order the plugin advertised them in.
 *
 * @param name the plugin's name, or the file's when neither source gave one
 * @param flags the {@code initialize} answer's {@code capabilities} booleans that are true
 * @param launch how long the handshake may take (the manifest's {@code timeouts.launch}, else 2 s)
 */
record PluginFacts(
        String name,
        Set<String> kinds,
        List<String> methods,
        Set<String> flags,
        List<String> subjectKinds,
        List<String> hooks,
        List<String> events,
        Duration launch) {

    /** Methods of the protocol itself, never a plugin's domain method. */
    static final Set<String> LIFECYCLE =
            Set.of("initialize", "initialized", "shutdown", "exit", "$/ping", "health/check", "$/cancelRequest");

    PluginFacts {
        Objects.requireNonNull(name, "name");
        kinds = Set.copyOf(kinds);
        methods = List.copyOf(methods);
        flags = Set.copyOf(flags);
        subjectKinds = List.copyOf(subjectKinds);
        hooks = List.copyOf(hooks);
        events = List.copyOf(events);
        Objects.requireNonNull(launch, "launch");
    }

    boolean serves(String kind) {
        return kinds.contains(kind);
    }

    boolean flag(String capability) {
        return flags.contains(capability);
    }

    /**
     * The method the checks use as "a domain method": {@code preferred} when given, else the first
     * advertised method that is not the protocol's own, else one no plugin serves (the gate before
     * {@code initialized} covers unknown methods too).
     */
    String domainMethod(Optional<String> preferred) {
        return preferred.orElseGet(() -> methods.stream()
                .filter(m -> !LIFECYCLE.contains(m) && !m.startsWith("$/"))
                .findFirst()
                .orElse("conformance/domain-method"));
    }

    /** These facts with {@code served} as the kinds (the author's {@code --kind}). */
    PluginFacts withKinds(List<String> served) {
        return new PluginFacts(name, Set.copyOf(served), methods, flags, subjectKinds, hooks, events, launch);
    }

    /** The facts of {@code manifest} and {@code initialized} together; either may be absent. */
    static PluginFacts of(String fallbackName, Optional<Manifest> manifest, Optional<JsonNode> initialized) {
        Set<String> kinds = new LinkedHashSet<>();
        Set<String> methods = new LinkedHashSet<>();
        Set<String> subjectKinds = new LinkedHashSet<>();
        Set<String> flags = new LinkedHashSet<>();
        List<String> hooks = new ArrayList<>();
        List<String> events = new ArrayList<>();
        String name = fallbackName;
        Duration launch = Duration.ofSeconds(2);
        if (manifest.isPresent()) {
            Manifest m = manifest.get();
            name = m.name();
            kind(kinds, m.kind());
            m.extraKinds().forEach(k -> kind(kinds, k));
            for (String c : m.capabilities()) {
                if (c.startsWith("subject_kind:")) {
                    subjectKinds.add(c.substring("subject_kind:".length()));
                } else if (!c.startsWith("$")) {
                    methods.add(c);
                }
            }
            hooks.addAll(m.hooks());
            hooks.addAll(m.policyHooks());
            events.addAll(m.events());
            launch = m.timeouts().launch();
        }
        if (initialized.isPresent()) {
            JsonNode r = initialized.get();
            JsonNode info = r.path("plugin_info");
            if (manifest.isEmpty() && info.path("name").isString()) {
                name = info.path("name").asString();
            }
            kindText(kinds, info.path("plugin_kind"));
            info.path("plugin_kinds").forEach(k -> kindText(kinds, k));
            JsonNode caps = r.path("capabilities");
            caps.path("methods").forEach(m -> {
                if (m.isString()) {
                    methods.add(m.asString());
                }
            });
            caps.path("subject_kinds").forEach(k -> {
                if (k.isString()) {
                    subjectKinds.add(k.asString());
                }
            });
            caps.properties().forEach(e -> {
                if (e.getValue().isBoolean() && e.getValue().asBoolean()) {
                    flags.add(e.getKey());
                }
            });
        }
        return new PluginFacts(
                name, kinds, List.copyOf(methods), flags, List.copyOf(subjectKinds), hooks, events, launch);
    }

    private static void kindText(Set<String> kinds, JsonNode kind) {
        if (kind.isString()) {
            try {
                kind(kinds, new PluginKind(kind.asString()));
            } catch (RuntimeException e) {
                kinds.add(kind.asString()); // not a kind the host routes; kept so --kind can name it
            }
        }
    }

    private static void kind(Set<String> kinds, PluginKind kind) {
        PluginKind.Routed routed = kind.routed();
        kinds.add(kind.declared());
        kinds.add(routed.name().toLowerCase(Locale.ROOT));
        if (routed == PluginKind.Routed.WEB_UI) {
            kinds.add("transport_backend");
        }
    }
}
