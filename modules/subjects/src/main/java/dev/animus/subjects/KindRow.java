package dev.animus.subjects;

import java.util.Objects;

/**
 * One row of the routing table ({@code animus subject kinds}).
 *
 * @param pattern as the router matches it: {@code task}, {@code task.*} or {@code *}
 * @param plugin the backend it routes to
 * @param nativePattern the pattern as the plugin declared it; differs from {@code pattern} when the
 *     plugin was installed with {@code --as-kind}
 */
public record KindRow(String pattern, String plugin, String nativePattern) {
    public KindRow {
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(nativePattern, "nativePattern");
    }

    public boolean aliased() {
        return !pattern.equals(nativePattern);
    }
}
