package dev.animus.core;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A secret the host may hand to the plugin, as the environment variable {@code env}, once the
 * operator consented (docs/security.md#secrets).
 *
 * @param name the secret's name in the host's store, {@code ^[A-Za-z_][A-Za-z0-9._-]{0,127}$}
 * @param env the variable it is passed as; in a manifest it defaults to {@link #defaultEnv(String)}
 * @param required whether the plugin cannot work without it
 * @param description for humans; may be empty, at most 1024 characters
 */
public record SecretDeclaration(String name, String env, boolean required, String description) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9._-]{0,127}");

    /** @throws ManifestInvalid at field {@code name}, {@code env} or {@code description} */
    public SecretDeclaration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(description, "description");
        if (!NAME.matcher(name).matches()) {
            throw new ManifestInvalid(
                    ManifestInvalid.IN_CODE,
                    "name",
                    ManifestRules.quote(name)
                            + " is not a secret name: use letters, digits, '.', '-' and '_', starting with a"
                            + " letter or _, at most 128 characters");
        }
        if (!EnvDeclaration.NAME.matcher(env).matches()) {
            throw new ManifestInvalid(
                    ManifestInvalid.IN_CODE,
                    "env",
                    ManifestRules.quote(env)
                            + " is not an environment variable name: use letters, digits and _, not starting"
                            + " with a digit, at most 128 characters");
        }
        ManifestRules.maxLength("description", description, ManifestRules.MAX_NOTE);
    }

    /** Whether {@code name} is a valid secret name. */
    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** The variable a secret called {@code name} is passed as by default: upper case, {@code .-} → {@code _}. */
    public static String defaultEnv(String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
