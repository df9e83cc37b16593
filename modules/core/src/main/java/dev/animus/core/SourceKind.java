package dev.animus.core;

import java.util.Locale;
import java.util.Optional;

/** Where installed code came from. */
public enum SourceKind {
    /** A local file or plugin directory ({@code plugin install --path}). */
    PATH,
    /** A direct HTTPS URL with its expected SHA-256 ({@code plugin install --url}). */
    URL,
    /** A GitHub release ({@code plugin install owner/repo[@tag]}). */
    GITHUB;

    /** The word used in the state document, the lockfile and output: {@code path}, {@code url}, {@code github}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind called {@code word}; empty for anything else. */
    public static Optional<SourceKind> ofWord(String word) {
        for (SourceKind s : values()) {
            if (s.word().equals(word)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
