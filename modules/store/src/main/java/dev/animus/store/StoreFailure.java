package dev.animus.store;

/**
 * Everything the store module throws at its callers, closed: a source or entry refused
 * ({@link StoreRefused}), a state document that cannot be used ({@link DocumentUnreadable}), a
 * lockfile ({@link LockfileUnreadable}) or trusted-owners file ({@link TrustedOrgsUnreadable}) that
 * cannot be read, a lock not free in time ({@link LockTimedOut}). Input or output that fails on the
 * way arrives as the JDK's {@link java.io.UncheckedIOException}, and a broken call contract as
 * {@link IllegalArgumentException} (a bug of the caller). Callers branch with an exhaustive
 * {@code switch}.
 */
public sealed interface StoreFailure
        permits StoreRefused, DocumentUnreadable, LockfileUnreadable, TrustedOrgsUnreadable, LockTimedOut {
    /** One line for people: what is wrong, that nothing was changed, and the next step. */
    String getMessage();
}
