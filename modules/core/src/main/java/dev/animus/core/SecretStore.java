package dev.animus.core;

import java.util.List;
import java.util.Optional;

/**
 * Where the operator's secrets for plugins are kept (docs/security.md#secrets): the Linux Secret
 * Service, a file under the Animus home, or nowhere. Keyed by plugin name and secret name.
 * Implementations are thread-safe, never put a value in a process argument, a log line or an error
 * message, and fail with {@link SecretStoreFailed} naming the backend and what to do.
 */
public interface SecretStore {

    /** Which backend this is: {@code secret-service}, {@code file} or {@code none}. */
    String backend();

    /** The secret, if the backend holds one. */
    Optional<SecretValue> get(String plugin, String name);

    /** Stores (or replaces) the secret. */
    void set(String plugin, String name, SecretValue value);

    /** Deletes the secret; false if there was none. */
    boolean delete(String plugin, String name);

    /** The names of {@code plugin}'s secrets, sorted. */
    List<String> list(String plugin);

    /**
     * Checks a plugin name and a secret name before they reach a backend.
     *
     * @throws IllegalArgumentException naming the bad one
     */
    static void checkNames(String plugin, String name) {
        if (plugin == null || !NameRule.isValid(plugin)) {
            throw new IllegalArgumentException("'" + OneLine.of(String.valueOf(plugin)) + "' is not a plugin name");
        }
        if (!SecretDeclaration.isValidName(name)) {
            throw new IllegalArgumentException(
                    "'" + OneLine.of(String.valueOf(name)) + "' is not a secret name: use letters, digits,"
                            + " '.', '-' and '_', starting with a letter or _, at most 128 characters");
        }
    }
}
