package dev.animus.sigstore;

/**
 * Everything the sigstore module throws at its callers, closed: a bundle that did not verify, for a
 * typed reason ({@link VerificationFailed}); a trusted root file that cannot be read arrives as the
 * JDK's {@link java.io.UncheckedIOException}. Callers branch with an exhaustive {@code switch}.
 */
public sealed interface SigstoreFailure permits VerificationFailed {
    /** One line for people: what was checked and what was found. */
    String getMessage();
}
