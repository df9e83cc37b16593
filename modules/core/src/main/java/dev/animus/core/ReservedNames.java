package dev.animus.core;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The names of the built-in providers (docs/security.md#install-guards): a third-party plugin may
 * not claim one without the operator's explicit {@code --allow-shadow-builtin}.
 */
public final class ReservedNames {
    private static final Set<String> RESERVED = Set.of("claude", "codex", "gemini", "opencode", "oai");

    private ReservedNames() {}

    /** The canonical form: lowercase, {@code animus-}, {@code animus-plugin-}, {@code animus-provider-} dropped, {@code oai-runner} → {@code oai}. */
    public static String canonical(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String prefix : new String[] {"animus-plugin-", "animus-provider-", "animus-"}) {
            if (n.startsWith(prefix)) {
                n = n.substring(prefix.length());
                break;
            }
        }
        return n.equals("oai-runner") ? "oai" : n;
    }

    /** The built-in provider {@code name} would shadow, if any. */
    public static Optional<String> shadowed(String name) {
        String c = canonical(name);
        return RESERVED.contains(c) ? Optional.of(c) : Optional.empty();
    }
}
