package dev.animus.router;

import java.util.Objects;

/**
 * One claim of a subject backend: {@code plugin} serves the kinds of {@code pattern}, which it knows
 * as those of {@code nativePattern} (the same pattern unless the plugin was installed with {@code
 * --as-kind}).
 *
 * @param plugin the plugin's name
 * @param pattern the kinds as the host routes them
 * @param nativePattern the kinds as the plugin itself knows them; of the same type as {@code pattern}
 */
public record Registration(String plugin, KindPattern pattern, KindPattern nativePattern) {
    public Registration {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(nativePattern, "nativePattern");
        if (plugin.isBlank()) {
            throw new IllegalArgumentException("a subject backend registration needs a plugin name");
        }
        if (pattern.getClass() != nativePattern.getClass()) {
            throw new IllegalArgumentException("plugin " + Grammar.quote(plugin) + " registers "
                    + Grammar.quote(pattern.text()) + " for its kind " + Grammar.quote(nativePattern.text())
                    + ": an alias must be of the same type (a kind for a kind, a glob for a glob)");
        }
    }

    /** {@code plugin} serving {@code pattern} under its own name (no alias). */
    public static Registration of(String plugin, KindPattern pattern) {
        return new Registration(plugin, pattern, pattern);
    }

    /** Whether this registration renames the plugin's kinds. */
    public boolean aliased() {
        return !pattern.equals(nativePattern);
    }

    /**
     * {@code kind}, which {@link #pattern()} matches, as the plugin knows it: the alias undone.
     *
     * @throws IllegalArgumentException when the pattern does not match {@code kind}
     */
    public String nativeKind(String kind) {
        if (!pattern.matches(kind)) {
            throw new IllegalArgumentException(
                    Grammar.quote(kind) + " is not a kind of " + Grammar.quote(pattern.text()));
        }
        return Renaming.rename(kind, pattern, nativePattern);
    }
}
