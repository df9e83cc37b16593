package dev.animus.fetch;

import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/** What an asset's name says about it: its kind, and whether it names a platform token. */
final class AssetNames {
    /** Archives animus extracts. */
    private static final List<String> ARCHIVES = List.of(".tar.gz", ".tgz", ".zip");
    /** Checksums, signatures, certificates and notes: never the thing to install. */
    private static final List<String> VERIFICATION = List.of(
            ".sha256",
            ".sha256sum",
            ".sha512",
            ".sha512sum",
            ".sig",
            ".pem",
            ".crt",
            ".cert",
            ".bundle",
            ".sigstore.json",
            ".sigstore",
            ".asc",
            ".txt",
            ".md");
    /**
     * Packages, other compressions and metadata: animus can neither extract nor run them, and
     * taking one for a bare executable would install a file that cannot start.
     */
    private static final List<String> UNINSTALLABLE = List.of(
            ".deb",
            ".rpm",
            ".apk",
            ".msi",
            ".dmg",
            ".pkg",
            ".tar.xz",
            ".txz",
            ".tar.bz2",
            ".tbz",
            ".tar.zst",
            ".tar",
            ".7z",
            ".gz",
            ".xz",
            ".bz2",
            ".zst",
            ".json",
            ".jsonl",
            ".yaml",
            ".yml",
            ".sbom",
            ".spdx",
            ".xml",
            ".html",
            ".pdf",
            ".whl",
            ".jar",
            ".vsix",
            ".nupkg",
            ".snap",
            ".flatpak");

    private AssetNames() {}

    /** Whether the asset is a checksum, signature, certificate or note file. */
    static boolean isVerification(String name) {
        String n = lower(name);
        return n.startsWith("sha256sums") || n.startsWith("sha512sums") || endsWithAny(n, VERIFICATION);
    }

    /** Whether animus extracts the asset: {@code .tar.gz}, {@code .tgz} or {@code .zip}. */
    static boolean isArchive(String name) {
        return endsWithAny(lower(name), ARCHIVES);
    }

    /** Whether the asset could be installed: an archive, or a file that is not a known other format (a bare executable). */
    static boolean isInstallable(String name) {
        return !isVerification(name) && (isArchive(name) || !endsWithAny(lower(name), UNINSTALLABLE));
    }

    /**
     * The position in {@code tokens} of the first token that {@code name} holds as a word: found
     * case-insensitively, with the start or end of the name or one of {@code - _ . space} on each side.
     */
    static OptionalInt firstToken(String name, List<String> tokens) {
        String n = lower(name);
        for (int i = 0; i < tokens.size(); i++) {
            if (holdsWord(n, tokens.get(i))) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    private static boolean holdsWord(String name, String token) {
        for (int at = name.indexOf(token); at >= 0; at = name.indexOf(token, at + 1)) {
            int end = at + token.length();
            if ((at == 0 || isDelimiter(name.charAt(at - 1)))
                    && (end == name.length() || isDelimiter(name.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDelimiter(char c) {
        return c == '-' || c == '_' || c == '.' || c == ' ';
    }

    private static boolean endsWithAny(String lowerName, List<String> suffixes) {
        return suffixes.stream().anyMatch(lowerName::endsWith);
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
