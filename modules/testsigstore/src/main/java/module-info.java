/**
 * For tests only: a Sigstore-like public-good instance made at test time (a Fulcio-like CA, a CT
 * log, a Rekor log and a timestamp authority, each with fresh keys), the trusted root that names
 * them, and bundles signed through them, correct or deliberately broken. Never a dependency of
 * production code.
 */
module dev.animus.testsigstore {
    requires transitive tools.jackson.databind;
    requires org.bouncycastle.provider;
    requires org.bouncycastle.pkix;

    exports dev.animus.testsigstore;
}
