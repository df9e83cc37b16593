package dev.animus.fetch;

/**
 * Everything the fetch module throws at its callers, closed: a download refused or cut short
 * ({@link FetchFailed}), an archive that must not be extracted ({@link ArchiveRefused}), release
 * metadata ({@link ReleaseInvalid}) or a checksum file ({@link ChecksumInvalid}) that cannot be used.
 * Local input or output that fails arrives as the JDK's {@link java.io.UncheckedIOException}.
 * Callers branch with an exhaustive {@code switch}.
 */
public sealed interface FetchFailure permits FetchFailed, ArchiveRefused, ReleaseInvalid, ChecksumInvalid {
    /** One line for people: what was refused or failed, and what to do next. */
    String getMessage();
}
