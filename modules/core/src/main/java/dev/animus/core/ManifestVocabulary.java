package dev.animus.core;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The closed vocabularies of a manifest: its keys (docs/protocol.md#the-manifest), its hooks and
 * lifecycle events (docs/lifecycle.md#hooks-and-events), and the typo suggestion used when a name
 * is not among them.
 */
final class ManifestVocabulary {

    /**
     * Every top-level key of docs/protocol.md#the-manifest, in the order the rendering writes them.
     */
    static final List<String> TOP_LEVEL_KEYS = List.of(
            "name",
            "version",
            "plugin_kind",
            "plugin_kinds",
            "description",
            "protocol_version",
            "capabilities",
            "env_required",
            "notification_buffer_size",
            "timeouts",
            "hooks",
            "policy_hooks",
            "events",
            "network",
            "data_sent",
            "secrets",
            "entry");

    static final List<String> ENV_KEYS = List.of("name", "description", "sensitive", "required");
    static final List<String> SECRET_KEYS = List.of("name", "env", "required", "description");
    static final List<String> NETWORK_KEYS = List.of("destinations");

    /** Advisory hooks. */
    static final List<String> HOOKS = List.of("route.skills", "classify.page", "route.snapshot");

    /** Policy hooks. */
    static final List<String> POLICY_HOOKS = List.of("classify.command-risk");

    /** The lifecycle events a plugin may observe (a closed vocabulary). */
    static final List<String> EVENTS = List.of(
            "session-start",
            "session-end",
            "user-prompt",
            "run-complete",
            "run-failed",
            "awaiting-input",
            "tool-start",
            "tool-end",
            "tool-error",
            "subagent-start",
            "subagent-stop",
            "compact-start",
            "compact-end",
            "permission-request",
            "permission-denied");

    /** Beyond this many edits a name is not called a typo of a known one. */
    private static final int TYPO_DISTANCE = 2;

    private ManifestVocabulary() {}

    /**
     * The known name {@code unknown} most likely misspells: within two edits once case and
     * {@code -}/{@code _} are ignored, or equal once separators are dropped
     * ({@code pluginKind} → {@code plugin_kind}).
     */
    static Optional<String> closest(String unknown, Collection<String> known) {
        String u = fold(unknown);
        String best = null;
        int bestDistance = TYPO_DISTANCE + 1;
        for (String k : known) {
            if (u.replace("_", "").equals(fold(k).replace("_", ""))) {
                return Optional.of(k);
            }
            int d = distance(u, fold(k));
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code "; did you mean 'x'?"}, or nothing when no known name is close. */
    static String suggestion(String unknown, Collection<String> known) {
        return closest(unknown, known).map(k -> "; did you mean '" + k + "'?").orElse("");
    }

    private static String fold(String s) {
        return s.toLowerCase(Locale.ROOT).replace('-', '_');
    }

    /** Levenshtein distance; names are short (the inputs are capped before they get here). */
    private static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > TYPO_DISTANCE || a.length() > 256) {
            return TYPO_DISTANCE + 1;
        }
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
