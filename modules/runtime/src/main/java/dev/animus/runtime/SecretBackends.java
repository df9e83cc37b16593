package dev.animus.runtime;

import dev.animus.core.NoSecretStore;
import dev.animus.core.SecretStore;
import dev.animus.core.SecretStoreFailed;
import dev.animus.keyring.SecretServiceStore;
import dev.animus.store.HomeLayout;
import dev.animus.store.SecretsFile;
import java.util.Map;

/**
 * Which secret store is in force (docs/security.md#secrets):
 * {@code ANIMUS_KEYRING=secret-service|file|none}, else the Secret Service when one answers on the
 * caller's D-Bus session (detected once per process), else {@code <animus_home>/secrets.toml}.
 */
public final class SecretBackends {
    /** The variable that chooses the backend. */
    public static final String VARIABLE = "ANIMUS_KEYRING";

    private SecretBackends() {}

    /**
     * @throws SecretStoreFailed for an {@code ANIMUS_KEYRING} that names no backend
     */
    public static SecretStore select(Map<String, String> env, HomeLayout layout) {
        String choice = env.getOrDefault(VARIABLE, "").strip();
        return switch (choice) {
            case "secret-service" -> new SecretServiceStore(env);
            case "file" -> new SecretsFile(layout);
            case "none" -> new NoSecretStore();
            case "" -> SecretServiceStore.available(env) ? new SecretServiceStore(env) : new SecretsFile(layout);
            default ->
                throw new SecretStoreFailed(VARIABLE + "=" + choice + " names no secret store: use secret-service,"
                        + " file or none (or unset it to pick the Secret Service when one runs, else the file)");
        };
    }
}
