package dev.animus.core;

import java.util.Locale;
import java.util.Optional;

/**
 * How installed code is stored (docs/security.md#the-digest-addressed-store): one executable file,
 * or a plugin directory tree.
 */
public enum ArtifactShape {
    /** A single binary; its digest is the SHA-256 of its bytes. */
    FILE,
    /** A plugin directory with {@code Plugin.toml} and an {@code entry}; its digest is the tree digest. */
    TREE;

    /** The word used in the state document and in output: {@code file}, {@code tree}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The shape called {@code word}; empty for anything else. */
    public static Optional<ArtifactShape> ofWord(String word) {
        for (ArtifactShape s : values()) {
            if (s.word().equals(word)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
