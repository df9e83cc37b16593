package dev.animus.testsigstore;

/** Placeholder so the module compiles; the helper replaces it. */
public final class TestSigstore {
    private TestSigstore() {}
}
