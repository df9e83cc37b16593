package dev.animus.fetch;

import dev.animus.core.OneLine;
import java.util.Objects;

/**
 * GitHub's description of a release could not be used: not JSON, not an object, or a field
 * missing, of the wrong type or with a value that is not allowed (an asset name with a
 * {@code /}, a plain-HTTP download URL, two assets of one name). Nothing was downloaded on the
 * strength of it.
 *
 * <p>The message is one line: where the metadata came from, the field, what is wrong, and what
 * to do next.
 */
public final class ReleaseInvalid extends RuntimeException implements FetchFailure {
    private static final long serialVersionUID = 1L;

    private final String source;

    ReleaseInvalid(String source, String problem) {
        super(OneLine.of(
                "the GitHub release metadata from " + Objects.requireNonNull(source, "source") + " cannot be used: "
                        + problem + "; check the release on GitHub (or the API base in ANIMUS_GITHUB_API), "
                        + "or install from a local path instead"));
        this.source = source;
    }

    /** Where the metadata came from (a URL, a file), as the caller named it. */
    public String source() {
        return source;
    }
}
