package dev.animus.fetch;

import dev.animus.core.OneLine;
import java.util.Objects;

/**
 * A checksum file of a release (an {@code <asset>.sha256} sidecar or a {@code SHA256SUMS} file)
 * could not be trusted to say what the asset's digest is: it is not of a known form, names another
 * file, names the asset twice with different digests, or contradicts the digest GitHub computed.
 * The install stops; nothing is installed unverified because of it.
 *
 * <p>The message is one line: the file, what is wrong, and what to do next.
 */
public final class ChecksumInvalid extends RuntimeException implements FetchFailure {
    private static final long serialVersionUID = 1L;

    private final String file;

    ChecksumInvalid(String file, String problem) {
        super(OneLine.of("the checksum file " + Names.quote(Objects.requireNonNull(file, "file")) + " cannot be used: "
                + problem + "; ask the release's maintainers to fix it, or download and check the asset yourself "
                + "and install it from a local path"));
        this.file = file;
    }

    /** The checksum file, as the release names it. */
    public String file() {
        return file;
    }
}
