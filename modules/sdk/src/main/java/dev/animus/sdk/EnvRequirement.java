package dev.animus.sdk;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An environment variable the plugin asks the host to forward (manifest {@code env_required}).
 * The host starts a plugin with an empty environment plus a small allowlist; only declared names
 * are added to it.
 *
 * @param name the variable name
 * @param description what the plugin uses it for; empty when not given
 * @param sensitive whether the value is a secret the host must never log
 * @param required whether the plugin cannot work without it (the host warns when it is missing)
 */
public record EnvRequirement(String name, String description, boolean sensitive, boolean required) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** @throws IllegalArgumentException if {@code name} is not a valid environment variable name */
    public EnvRequirement {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a valid environment variable name: '" + name + "'");
        }
    }

    /** An optional, non-sensitive variable without a description. */
    public static EnvRequirement of(String name) {
        return new EnvRequirement(name, "", false, false);
    }
}
