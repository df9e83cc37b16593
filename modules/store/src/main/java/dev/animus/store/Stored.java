package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Digests;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a publication left in the store.
 *
 * @param digest the SHA-256 (file) or tree digest of the stored copy, lowercase hex
 * @param shape a single file or a tree
 * @param entry the executable's '/'-separated path inside {@code <root>/<digest>}; for a file, its
 *     name (the name it was first stored under, when the same bytes came again under another name)
 * @param executable {@code <root>/<digest>/<entry>}
 * @param alreadyPresent whether an intact copy was already there, so nothing was written
 */
public record Stored(String digest, ArtifactShape shape, String entry, Path executable, boolean alreadyPresent) {
    public Stored {
        Digests.requireSha256(digest, "the stored digest");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(executable, "executable");
    }
}
