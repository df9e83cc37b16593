package dev.animus.store;

import dev.animus.core.Digests;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The outcome of re-hashing a published entry ({@link DigestStore#verify}). Only {@link Intact}
 * may be run; every other case names what the launch gate must refuse.
 */
public sealed interface Verification {
    /** The stored bytes are the trusted ones; {@code executable} is the file to run. */
    record Intact(Path executable) implements Verification {
        public Intact {
            Objects.requireNonNull(executable, "executable");
        }
    }

    /** The content differs: {@code actualDigest} is what is stored now. */
    record Changed(String actualDigest) implements Verification {
        public Changed {
            Digests.requireSha256(actualDigest, "the actual digest");
        }
    }

    /** {@code <root>/<digest>} or the entry inside it is gone. */
    record Missing() implements Verification {}

    /**
     * Something that must not be there or cannot be checked: a planted symbolic link, special file
     * or extra file, an entry of the wrong type or not executable, an unreadable file, a digest or
     * entry that is not in the accepted form. {@code reason} is one line and names the path.
     */
    record Refused(String reason) implements Verification {
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
