package dev.animus.runtime;

import java.util.List;
import java.util.Objects;

/**
 * An installed plugin of kind {@code provider}, for {@code agent providers}.
 *
 * @param name the name it is installed under
 * @param canonical the provider name it answers to (docs/protocol.md#providers)
 * @param version its manifest's version
 * @param description its manifest's description
 * @param capabilities its manifest's capabilities (methods and flags)
 */
public record ProviderInfo(
        String name, String canonical, String version, String description, List<String> capabilities) {
    public ProviderInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(canonical, "canonical");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(description, "description");
        capabilities = List.copyOf(capabilities);
    }
}
