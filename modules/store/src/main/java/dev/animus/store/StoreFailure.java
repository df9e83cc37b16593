package dev.animus.store;

import dev.animus.core.Guidance;

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
    /**
     * One line for people: what is wrong, that nothing was changed, and the next step; the fixes
     * in it are values, for the front end to render ({@link #getMessage()} shows them as values).
     */
    default Guidance guidance() {
        return Guidance.text(getMessage());
    }

    /** The line for logs ({@link #guidance()} with each fix shown as its value). */
    String getMessage();
}
