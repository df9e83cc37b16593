package dev.animus.store;

import dev.animus.core.InstallSource;
import dev.animus.core.SourceKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/** Lock entries for tests. */
final class LockEntries {
    static final Instant AT = Instant.parse("2026-11-30T12:00:00Z");

    private LockEntries() {}

    /** A plugin installed from a local path, its digest derived from its name. */
    static LockEntry path(String name) {
        return new LockEntry(
                name,
                "0.1.0",
                InstallSource.path("/abs/path/animus-plugin-" + name),
                sha256(name),
                Optional.empty(),
                "unsigned",
                AT);
    }

    /** A plugin from a GitHub release, with every optional key present. */
    static LockEntry github(String name, String version) {
        InstallSource source = new InstallSource(
                SourceKind.GITHUB,
                "acme/animus-plugin-" + name,
                Optional.of("v" + version),
                Optional.of("animus-plugin-" + name + "-linux-amd64.tar.gz"),
                true);
        return new LockEntry(
                name,
                version,
                source,
                sha256(name + "@" + version),
                Optional.of(sha256(name + "@" + version + ".sigstore")),
                "verified",
                AT.plusSeconds(60));
    }

    /** {@code text}'s SHA-256 in lowercase hex. */
    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
