package dev.animus.store;

/**
 * A source or a stored entry that must not be stored or run
 * (docs/security.md#the-digest-addressed-store): a symbolic link, a special file, an entry path
 * that is not in normal form, a digest that does not match. The message is one line; it names the
 * path and says why (and, where there is one, what to fix).
 */
public final class StoreRefused extends RuntimeException implements StoreFailure {
    private static final long serialVersionUID = 1L;

    public StoreRefused(String message) {
        super(message);
    }
}
