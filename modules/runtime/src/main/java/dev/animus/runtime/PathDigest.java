package dev.animus.runtime;

import dev.animus.store.DigestStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What an operator is shown before trusting a binary where it lies: the path given, the file it
 * resolves to, and the SHA-256 of its bytes at that moment. {@link Animus#trustPath} trusts only
 * that file with exactly those bytes.
 */
public record PathDigest(Path given, Path real, String sha256) {
    public PathDigest {
        Objects.requireNonNull(given, "given");
        Objects.requireNonNull(real, "real");
        Objects.requireNonNull(sha256, "sha256");
    }

    static PathDigest of(Path path) {
        Path real;
        try {
            real = path.toRealPath(); // the operator named it: a link given here is followed once
        } catch (IOException e) {
            throw new PathUnreadable(path, e.getMessage());
        }
        return new PathDigest(path, real, DigestStore.fileDigest(real));
    }
}
