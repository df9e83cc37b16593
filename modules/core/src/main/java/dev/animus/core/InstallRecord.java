package dev.animus.core;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One install of a plugin's code (docs/security.md#the-state-document): the {@code current} or
 * {@code previous} slot of a plugin in the state document.
 *
 * @param digest the code digest: the file's SHA-256, or the tree digest of a plugin directory
 * @param shape how it is stored under {@code store/<digest>/}
 * @param entry the executable's path inside {@code store/<digest>/} (for a file: its file name)
 * @param manifest what the plugin declares; absent for a binary until it was trusted and probed
 *     (nothing is run to read it before that)
 * @param signature what the signature check of this install found
 */
public record InstallRecord(
        String digest,
        ArtifactShape shape,
        String entry,
        InstallSource source,
        Optional<RecordedManifest> manifest,
        SignatureCheck signature,
        Instant installedAt) {
    public InstallRecord {
        Digests.requireSha256(digest, "code digest");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(installedAt, "installedAt");
        if (entry.isBlank()) {
            throw new IllegalArgumentException("an install record's entry is blank");
        }
    }

    /** The same install with its manifest read. */
    public InstallRecord withManifest(RecordedManifest read) {
        return new InstallRecord(digest, shape, entry, source, Optional.of(read), signature, installedAt);
    }
}
