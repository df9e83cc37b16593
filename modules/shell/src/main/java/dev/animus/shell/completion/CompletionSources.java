package dev.animus.shell.completion;

import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.OneLine;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.runtime.Animus;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What the shell completes from the state document: installed plugin names, a plugin's methods
 * and secrets (from the manifest recorded when it was trusted), the subject kinds the plugins
 * declare, and the agents plugins are enabled for; in the daemon also the subject ids its backends
 * hold ({@link DaemonCompletion}). Read afresh at every completion, never running anything; an unreadable or busy document
 * completes nothing rather than holding up the prompt.
 *
 * <p>Thread-safe.
 */
public final class CompletionSources {
    private final Map<String, String> environment;
    private final Supplier<List<String>> subjectIds;

    /** Sources of what the state document says, and no subject ids (they need a running backend). */
    public CompletionSources(Map<String, String> environment) {
        this(environment, List::of);
    }

    /**
     * Sources that also complete subject ids, from {@code subjectIds} (the daemon's backends, which
     * run anyway); a failure of it completes no id.
     */
    public CompletionSources(Map<String, String> environment, Supplier<List<String>> subjectIds) {
        this.environment = Map.copyOf(environment);
        this.subjectIds = subjectIds;
    }

    /** The subject ids there are, sorted; empty off the daemon. */
    List<String> subjectIds() {
        try {
            return subjectIds.get().stream()
                    .filter(id -> OneLine.of(id).equals(id))
                    .sorted()
                    .toList();
        } catch (RuntimeException e) { // a backend that fails or is not there: no ids, never an error at a Tab
            return List.of();
        }
    }

    /** Installed plugins, by name. */
    public List<String> pluginNames() {
        return state().map(s -> s.plugins().entrySet().stream()
                        .filter(e -> e.getValue().current().isPresent())
                        .map(Map.Entry::getKey)
                        .sorted()
                        .toList())
                .orElse(List.of());
    }

    /** The methods {@code plugin}'s recorded manifest declares; empty when it is unknown or not yet trusted. */
    List<String> methods(String plugin) {
        return manifest(plugin)
                .map(m -> strings(m.document().get("capabilities")).stream()
                        // capabilities also hold subject_kind:<kind> markers and $vendor/... flags, which are no
                        // methods
                        .filter(c -> !c.startsWith("subject_kind:") && (!c.startsWith("$") || c.startsWith("$/")))
                        // a name a terminal would act on (a bidi override) is not offered: it cannot be shown as it is
                        .filter(c -> OneLine.of(c).equals(c))
                        .sorted()
                        .toList())
                .orElse(List.of());
    }

    /**
     * The subject kinds the installed plugins' recorded manifests declare ({@code subject_kind:<kind>}
     * markers), exact kinds only: a glob ({@code linear.*}) or the catch-all names no kind to type.
     */
    List<String> subjectKinds() {
        TreeSet<String> kinds = new TreeSet<>();
        state().ifPresent(s -> s.plugins().values().stream()
                .flatMap(p -> p.current().flatMap(InstallRecord::manifest).stream())
                .flatMap(m -> strings(m.document().get("capabilities")).stream())
                .filter(c -> c.startsWith("subject_kind:"))
                .map(c -> c.substring("subject_kind:".length()))
                .filter(k -> !k.isEmpty() && !k.contains("*") && OneLine.of(k).equals(k))
                .forEach(kinds::add));
        return List.copyOf(kinds);
    }

    /** The secrets {@code plugin}'s recorded manifest declares, by name. */
    List<String> secrets(String plugin) {
        return manifest(plugin)
                .map(m -> m.document().get("secrets") instanceof List<?> list
                        ? list.stream()
                                .filter(Map.class::isInstance)
                                .map(d -> ((Map<?, ?>) d).get("name"))
                                .filter(String.class::isInstance)
                                .map(String.class::cast)
                                .sorted()
                                .toList()
                        : List.<String>of())
                .orElse(List.of());
    }

    /** {@code default} and every agent a plugin is enabled for. */
    List<String> agents() {
        TreeSet<String> agents = new TreeSet<>(List.of("default"));
        state().ifPresent(s -> s.plugins().values().forEach(p -> agents.addAll(p.enabledAgents())));
        return List.copyOf(agents);
    }

    private Optional<RecordedManifest> manifest(String plugin) {
        return state().flatMap(s -> s.plugin(plugin))
                .flatMap(PluginState::current)
                .flatMap(InstallRecord::manifest);
    }

    private Optional<InstallState> state() {
        return Animus.peekState(environment);
    }

    private static List<String> strings(Object value) {
        return value instanceof List<?> list
                ? list.stream()
                        .filter(String.class::isInstance)
                        .map(String.class::cast)
                        .toList()
                : List.of();
    }
}
