package dev.animus.runtime;

import dev.animus.store.Verification;

/** What re-hashing a plugin's stored code found, as the application API shows it. */
public sealed interface ArtifactCheck {
    /** The code still has its recorded digest. */
    record Intact() implements ArtifactCheck {}

    /**
     * The code's bytes changed.
     *
     * @param actualDigest the digest they have now
     */
    record Changed(String actualDigest) implements ArtifactCheck {}

    /** The store entry is gone. */
    record Missing() implements ArtifactCheck {}

    /**
     * The entry could not be checked.
     *
     * @param reason why
     */
    record Refused(String reason) implements ArtifactCheck {}

    static ArtifactCheck of(Verification v) {
        return switch (v) {
            case Verification.Intact ok -> new Intact();
            case Verification.Changed c -> new Changed(c.actualDigest());
            case Verification.Missing m -> new Missing();
            case Verification.Refused r -> new Refused(r.reason());
        };
    }
}
