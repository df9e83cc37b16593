package dev.animus.keyring;

/** Placeholder so the module compiles; the helper writes it. */
final class SecretServiceStore {
    private SecretServiceStore() {}
}
