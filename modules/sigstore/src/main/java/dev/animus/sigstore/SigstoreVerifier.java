package dev.animus.sigstore;

/** Placeholder so the module compiles. */
public final class SigstoreVerifier {
    private SigstoreVerifier() {}
}
