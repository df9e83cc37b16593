package dev.animus.runtime;

import dev.animus.sigstore.IdentityPolicy;
import dev.animus.sigstore.KeyPolicy;
import dev.animus.sigstore.VerificationPolicy;

/**
 * Who must have signed a Sigstore bundle: a public key, or a certificate identity with its OIDC
 * issuer. Checked when made, so a front end can refuse a bad option before reading anything else.
 */
public final class BundleSigner {
    private final VerificationPolicy policy;

    private BundleSigner(VerificationPolicy policy) {
        this.policy = policy;
    }

    /**
     * The holder of the public key {@code pem} (a PEM {@code PUBLIC KEY}).
     *
     * @throws IllegalArgumentException when {@code pem} is not a usable public key
     */
    public static BundleSigner key(String pem) {
        return new BundleSigner(KeyPolicy.fromPem(pem));
    }

    /** The certificate naming exactly {@code identity}, issued for {@code issuer}. */
    public static BundleSigner exact(String identity, String issuer) {
        return new BundleSigner(IdentityPolicy.exact(identity, issuer));
    }

    /**
     * A certificate whose whole identity matches {@code regexp}, issued for {@code issuer}.
     *
     * @throws IllegalArgumentException when {@code regexp} is not a regular expression
     */
    public static BundleSigner matching(String regexp, String issuer) {
        return new BundleSigner(IdentityPolicy.matching(regexp, issuer));
    }

    VerificationPolicy policy() {
        return policy;
    }
}
