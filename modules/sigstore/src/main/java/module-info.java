/**
 * Sigstore bundle verification, offline: bundles v0.1 to v0.3, the trusted root, Fulcio
 * certificates and their SCTs, Rekor entries (signed entry timestamps, inclusion proofs and
 * checkpoints), RFC 3161 timestamps, DSSE envelopes and managed keys. No network, no cosign.
 */
module dev.animus.sigstore {
    requires tools.jackson.databind;
    requires org.bouncycastle.provider;
    requires org.bouncycastle.pkix;

    exports dev.animus.sigstore;
}
