package dev.animus.fetch;

import dev.animus.core.Digests;
import dev.animus.core.Plural;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Finding and reading the checksum files of a release (docs/security.md#downloads-and-archives: a
 * release install verifies against a {@code <asset>.sha256} sidecar, or a {@code SHA256SUMS} file,
 * or the API digest). The caller fetches the files' bytes; see {@link ChecksumSource#resolve}.
 *
 * <p>Stateless and thread-safe. Every digest returned is 64 lowercase hex digits.
 */
public final class Checksums {
    /** Sums files by their exact name (case-insensitively), best first. */
    private static final List<String> SUMS_FILES = List.of("sha256sums", "sha256sums.txt", "checksums.txt");
    /** Sums files named after the project, like GoReleaser's {@code tool_1.2.0_checksums.txt}. */
    private static final List<String> SUMS_SUFFIXES =
            List.of("_checksums.txt", "-checksums.txt", "_sha256sums.txt", "-sha256sums.txt", ".sha256sums");

    private static final String LINE_FORMS = "<hex>  <name>, <hex> *<name> or SHA256 (<name>) = <hex>";

    private Checksums() {}

    /** The sidecar of {@code asset}: the asset named {@code <name>.sha256}, else {@code <name>.sha256sum}. */
    public static Optional<ReleaseAsset> sidecarOf(Release release, ReleaseAsset asset) {
        Objects.requireNonNull(asset, "asset");
        return release.asset(asset.name() + ".sha256").or(() -> release.asset(asset.name() + ".sha256sum"));
    }

    /**
     * The release's sums file: by name, case-insensitively, the first of {@code SHA256SUMS},
     * {@code SHA256SUMS.txt}, {@code checksums.txt}; else the first, in name order, of those
     * named after the project ({@code *_checksums.txt}, {@code *-checksums.txt},
     * {@code *_sha256sums.txt}, {@code *-sha256sums.txt}, {@code *.sha256sums}), as GoReleaser
     * writes them.
     */
    public static Optional<ReleaseAsset> sumsFileOf(Release release) {
        List<ReleaseAsset> byName = release.assets().stream()
                .sorted(Comparator.comparing(ReleaseAsset::name))
                .toList();
        for (String exact : SUMS_FILES) {
            Optional<ReleaseAsset> found =
                    byName.stream().filter(a -> lower(a.name()).equals(exact)).findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return byName.stream()
                .filter(a -> SUMS_SUFFIXES.stream().anyMatch(lower(a.name())::endsWith))
                .findFirst();
    }

    /**
     * The digest in a sidecar: one line (blank lines and a byte-order mark aside), either the bare
     * digest or a line of a sums file ({@code <hex>  <name>}, {@code <hex> *<name>},
     * {@code SHA256 (<name>) = <hex>}) that names {@code assetName} (directories before the name
     * are ignored).
     *
     * @throws ChecksumInvalid when the text is not of one of these forms, holds several lines, or
     *     names another file
     */
    public static String parseSidecar(String text, String assetName) {
        return parseSidecar(Objects.requireNonNull(assetName, "assetName") + ".sha256", text, assetName);
    }

    /** {@link #parseSidecar(String, String)}, naming {@code file} in failures. */
    static String parseSidecar(String file, String text, String assetName) {
        Objects.requireNonNull(assetName, "assetName");
        List<String> lines = contentLines(text).stream().map(String::strip).toList();
        if (lines.size() != 1) {
            throw new ChecksumInvalid(
                    file,
                    lines.isEmpty()
                            ? "it is empty"
                            : "it holds " + Plural.of(lines.size(), "line") + " where one digest for "
                                    + Names.quote(assetName) + " was expected");
        }
        String line = lines.getFirst();
        if (line.length() == 64 && Digests.isSha256(line.toLowerCase(Locale.ROOT))) {
            return line.toLowerCase(Locale.ROOT);
        }
        SumsLine parsed = SumsLine.parse(line)
                .orElseThrow(
                        () -> new ChecksumInvalid(file, "it is not a SHA-256 digest nor a line like " + LINE_FORMS));
        if (!parsed.names(assetName)) {
            throw new ChecksumInvalid(
                    file, "it is the digest of " + Names.quote(parsed.name()) + ", not of " + Names.quote(assetName));
        }
        return parsed.sha256();
    }

    /**
     * The digest a sums file gives for {@code assetName}: every line that is not blank nor a
     * {@code #} comment must be {@code <hex>  <name>}, {@code <hex> *<name>} or
     * {@code SHA256 (<name>) = <hex>} (see {@link #parseSidecar} on names).
     *
     * @param text the file's text ({@code SHA256SUMS}, {@code checksums.txt}, ...)
     * @return the digest, or empty when no line names the asset
     * @throws ChecksumInvalid when a line is of no known form, or the asset is named twice with
     *     different digests
     */
    public static Optional<String> parseSums(String text, String assetName) {
        return parseSums("SHA256SUMS", text, assetName);
    }

    /** {@link #parseSums(String, String)}, naming {@code file} in failures. */
    static Optional<String> parseSums(String file, String text, String assetName) {
        Objects.requireNonNull(assetName, "assetName");
        Optional<String> found = Optional.empty();
        int foundAt = 0;
        List<String> lines = lines(text);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            int number = i + 1;
            SumsLine parsed = SumsLine.parse(line)
                    .orElseThrow(() -> new ChecksumInvalid(file, "line " + number + " is not like " + LINE_FORMS));
            if (!parsed.names(assetName)) {
                continue;
            }
            if (found.isPresent() && !found.get().equals(parsed.sha256())) {
                throw new ChecksumInvalid(
                        file,
                        "it gives two different digests for " + Names.quote(assetName) + " (lines " + foundAt + " and "
                                + number + ")");
            }
            found = Optional.of(parsed.sha256());
            foundAt = number;
        }
        return found;
    }

    /** The lines of {@code text}, a leading byte-order mark and {@code \r} line ends removed. */
    static List<String> lines(String text) {
        String t = Objects.requireNonNull(text, "text");
        if (t.startsWith("\uFEFF")) {
            t = t.substring(1);
        }
        List<String> lines = new ArrayList<>();
        for (String line : t.split("\n", -1)) {
            lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
        return lines;
    }

    private static List<String> contentLines(String text) {
        return lines(text).stream().filter(l -> !l.isBlank()).toList();
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
