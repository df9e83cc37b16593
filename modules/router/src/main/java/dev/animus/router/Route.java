package dev.animus.router;

import java.util.Objects;

/**
 * Where a kind goes: the registration that claims it and the kind as that plugin knows it.
 *
 * @param registration the winning registration
 * @param nativeKind the kind the plugin itself knows (its alias undone)
 */
public record Route(Registration registration, String nativeKind) {
    public Route {
        Objects.requireNonNull(registration, "registration");
        Objects.requireNonNull(nativeKind, "nativeKind");
    }

    /** The plugin that serves the kind. */
    public String plugin() {
        return registration.plugin();
    }
}
