package dev.animus.core;

import java.util.Objects;
import java.util.Optional;

/** Whether installed code may launch for an agent ({@link Installation#launch}), and with what. */
public sealed interface LaunchVerdict {

    /**
     * It may launch.
     *
     * @param record the current install: the code to run (its digest is trusted)
     * @param manifest its recorded manifest, validated
     * @param consentDigest the digest of its disclosure, which the operator consented to
     * @param interpreter the interpreter recorded when its digest was trusted (a script's), if any
     */
    record Allowed(InstallRecord record, Manifest manifest, String consentDigest, Optional<Interpreter> interpreter)
            implements LaunchVerdict {
        public Allowed {
            Objects.requireNonNull(record, "record");
            Objects.requireNonNull(manifest, "manifest");
            Digests.requireSha256(consentDigest, "consent digest");
            Objects.requireNonNull(interpreter, "interpreter");
        }

        /** A native executable's: no interpreter. */
        public Allowed(InstallRecord record, Manifest manifest, String consentDigest) {
            this(record, manifest, consentDigest, Optional.empty());
        }
    }

    /** It may not; {@code failure} says why and what to run. */
    record Refused(HostFailure failure) implements LaunchVerdict {
        public Refused {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
