package dev.animus.providers;

import dev.animus.core.ReservedNames;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * How a provider's name is resolved (docs/protocol.md#providers): the {@code animus-provider-}
 * prefix is dropped and {@code oai-runner} / {@code animus-oai-runner} are {@code oai}; the
 * first-party names ({@link ReservedNames}) are the operator's to shadow only. Pure.
 */
public final class ProviderNames {
    private ProviderNames() {}

    /** The canonical name of {@code name} (lowercase, prefixes dropped, {@code oai-runner} → {@code oai}). */
    public static String canonical(String name) {
        Objects.requireNonNull(name, "name");
        return ReservedNames.canonical(name.strip());
    }

    /** Whether {@code name} is (or canonicalises to) a first-party provider's name. */
    public static boolean reserved(String name) {
        return ReservedNames.shadowed(canonical(name)).isPresent();
    }

    /**
     * The installed plugin {@code requested} names among {@code installed}: the exact name first,
     * else the one whose canonical name is the same; empty when none is.
     */
    public static Optional<String> resolve(String requested, Collection<String> installed) {
        Objects.requireNonNull(requested, "requested");
        if (installed.contains(requested)) {
            return Optional.of(requested);
        }
        String wanted = canonical(requested);
        return installed.stream()
                .filter(n -> canonical(n).equals(wanted))
                .sorted()
                .findFirst();
    }
}
