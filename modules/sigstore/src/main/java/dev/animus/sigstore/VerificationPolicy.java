package dev.animus.sigstore;

/** What a verification requires of the signer: a certificate identity, or a managed key. */
public sealed interface VerificationPolicy permits IdentityPolicy, KeyPolicy {}
