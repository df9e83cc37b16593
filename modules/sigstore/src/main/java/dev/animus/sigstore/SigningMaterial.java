package dev.animus.sigstore;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/** What a bundle says signed it: a certificate (keyless) or a hint naming a managed key. */
public sealed interface SigningMaterial {

    /** A Fulcio-style certificate; only the leaf is used (the chain comes from the trusted root). */
    record Certificate(X509Certificate leaf) implements SigningMaterial {
        public Certificate {
            Objects.requireNonNull(leaf, "leaf");
        }

        /**
         * Who the certificate names (its subject alternative names), whether or not it verifies: for
         * telling an operator who signed a bundle that was refused for its signer.
         */
        public List<String> identities() {
            return FulcioCertificate.identities(leaf);
        }
    }

    /** A managed key, named by a hint the verifier does not rely on. */
    record KeyHint(String hint) implements SigningMaterial {
        public KeyHint {
            Objects.requireNonNull(hint, "hint");
        }
    }
}
