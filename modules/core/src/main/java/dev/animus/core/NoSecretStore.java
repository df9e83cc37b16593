package dev.animus.core;

import java.util.List;
import java.util.Optional;

/** {@code ANIMUS_KEYRING=none}: nothing is stored; secrets come from the caller's environment only. */
public final class NoSecretStore implements SecretStore {

    public NoSecretStore() {
        // nothing to hold
    }

    @Override
    public String backend() {
        return "none";
    }

    @Override
    public Optional<SecretValue> get(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        return Optional.empty();
    }

    @Override
    public void set(String plugin, String name, SecretValue value) {
        SecretStore.checkNames(plugin, name);
        throw new SecretStoreFailed("ANIMUS_KEYRING=none: secrets are not stored; set the plugin's variable in the"
                + " environment you run animus from, or choose ANIMUS_KEYRING=secret-service or file");
    }

    @Override
    public boolean delete(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        return false;
    }

    @Override
    public List<String> list(String plugin) {
        return List.of();
    }
}
