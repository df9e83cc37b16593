package dev.animus.core;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An environment variable a manifest asks the host to forward ({@code env_required},
 * docs/security.md#plugin-environment).
 *
 * @param name the variable, {@code ^[A-Za-z_][A-Za-z0-9_]{0,127}$}
 * @param description for humans; may be empty, at most 1024 characters
 * @param sensitive whether the value must be masked wherever it is shown
 * @param required whether the plugin needs it (a missing required variable is a warning at spawn)
 */
public record EnvDeclaration(String name, String description, boolean sensitive, boolean required) {

    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    /** @throws ManifestInvalid at field {@code name} or {@code description} when a rule is broken */
    public EnvDeclaration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        if (!NAME.matcher(name).matches()) {
            throw new ManifestInvalid(
                    ManifestInvalid.IN_CODE,
                    "name",
                    ManifestRules.quote(name)
                            + " is not an environment variable name: use letters, digits and _, not starting"
                            + " with a digit, at most 128 characters");
        }
        ManifestRules.maxLength("description", description, ManifestRules.MAX_NOTE);
    }
}
