package dev.animus.install;

import dev.animus.core.InstallRecord;
import dev.animus.core.SourceKind;
import dev.animus.store.StoreRefused;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The file an install came from, held against the code it installed: the way back to a stored copy
 * that changed or is gone (docs/operations.md#repairing-a-plugin). When the original still has the
 * installed digest, publishing it again restores the stored copy, and the trust, consent and
 * enablement of those bytes hold again; when it has other bytes, they are new code.
 */
sealed interface Original {
    /** The original still has the installed bytes. */
    record Matches(Path path) implements Original {}

    /** The original has other bytes now ({@code digest}). */
    record Differs(Path path, String digest) implements Original {}

    /** The original cannot be read as plugin code now ({@code why}). */
    record Unreadable(String origin, String why) implements Original {}

    /** The code came from a URL or a release, not from a file here. */
    record NotLocal(String origin) implements Original {}

    /** Where {@code record}'s code came from, compared now with its digest. */
    static Original of(InstallRecord record) {
        String origin = record.source().origin();
        if (record.source().kind() != SourceKind.PATH) {
            return new NotLocal(origin);
        }
        try {
            SourceArtifact source = SourceArtifact.read(Path.of(origin));
            if (source.shape() != record.shape()) {
                return new Unreadable(
                        origin,
                        "it is a " + source.shape().name().toLowerCase(Locale.ROOT) + " now, not a "
                                + record.shape().name().toLowerCase(Locale.ROOT));
            }
            String digest = PluginInstaller.digest(source);
            return digest.equals(record.digest()) ? new Matches(Path.of(origin)) : new Differs(Path.of(origin), digest);
        } catch (InstallFailed | StoreRefused | UncheckedIOException e) {
            return new Unreadable(origin, e.getMessage());
        }
    }
}
