package dev.animus.install;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Guidance;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code plugin install} or {@code plugin update} did.
 *
 * @param stored the executable inside {@code store/<digest>/}
 * @param unchanged the same code was already installed under that name: nothing changed
 * @param replacedPin the digest {@code plugins.lock} pinned before {@code --force} replaced it
 * @param previousDigest for an update: the code now in the rollback slot
 * @param notes things the operator should see (a manifest that names itself differently, ...)
 * @param restored the same code was installed, but its stored copy had changed or was gone: it was
 *     put back from the source, and the grants of those bytes hold again
 */
public record InstallReport(
        String name,
        String digest,
        ArtifactShape shape,
        Path stored,
        boolean unchanged,
        Optional<String> replacedPin,
        Optional<String> previousDigest,
        Path lockfile,
        List<Guidance> notes,
        boolean restored) {
    public InstallReport {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(stored, "stored");
        Objects.requireNonNull(replacedPin, "replacedPin");
        Objects.requireNonNull(previousDigest, "previousDigest");
        Objects.requireNonNull(lockfile, "lockfile");
        notes = List.copyOf(notes);
    }
}
