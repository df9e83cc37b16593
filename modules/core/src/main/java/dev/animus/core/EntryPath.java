package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code entry} of a plugin directory: the relative, {@code /}-separated path of its executable
 * (docs/security.md#the-digest-addressed-store). Normalising drops {@code .} segments
 * ({@code ./bin/x} → {@code bin/x}) and refuses everything that could leave the directory or be
 * read two ways.
 */
final class EntryPath {
    private static final int MAX_LENGTH = 1024;
    private static final Pattern WINDOWS_DRIVE = Pattern.compile("[A-Za-z]:.*");

    private EntryPath() {}

    /**
     * The normal form of {@code entry}.
     *
     * @throws IllegalArgumentException for an absolute path, a {@code ..} segment, an empty
     *     segment, a backslash, a control character, or a path that names no file
     */
    static String normalize(String entry) {
        String q = ManifestRules.quote(entry);
        if (entry.isBlank()) {
            throw new IllegalArgumentException(
                    "is blank: write the executable's path inside the plugin" + " directory, e.g. \"bin/my-plugin\"");
        }
        if (entry.length() > MAX_LENGTH) {
            throw new IllegalArgumentException(q + " is longer than " + MAX_LENGTH + " characters");
        }
        if (entry.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(q + " contains control characters");
        }
        if (entry.contains("\\")) {
            throw new IllegalArgumentException(q + " contains a backslash: separate directories with '/'");
        }
        if (entry.startsWith("/") || WINDOWS_DRIVE.matcher(entry).matches()) {
            throw new IllegalArgumentException(q + " is absolute: write a path relative to the plugin directory");
        }
        List<String> kept = new ArrayList<>();
        for (String segment : entry.split("/", -1)) {
            switch (segment) {
                case "" -> throw new IllegalArgumentException(q + " has an empty segment ('//' or a trailing '/')");
                case ".." ->
                    throw new IllegalArgumentException(
                            q + " has a '..' segment: the entry must stay" + " inside the plugin directory");
                case "." -> {}
                default -> kept.add(segment);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException(
                    q + " names no file: write the executable's path, e.g. \"bin/my-plugin\"");
        }
        return String.join("/", kept);
    }
}
