package dev.animus.shell.render;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How human output is laid out (docs/cli.md#table-width): the width tables fit, and whether
 * values are shown in full. Without {@code --wide}, a SHA-256 digest is its first
 * {@value #SHORT_DIGEST} hex digits, a path under the user's {@code HOME} starts with {@code ~/}
 * (a 64-hex directory in it, such as a store entry, shortened the same way and marked {@code …}),
 * and a time is shown to the second. With {@code --wide} nothing is shortened and no table is
 * fitted to a width. {@code --json} never goes through a layout: its values are always whole.
 *
 * @param width the columns a table may take; empty with {@code --wide} (no limit)
 * @param home the user's home directory as a string (no trailing {@code /}), when known and not
 *     {@code /}
 */
public record Layout(OptionalInt width, boolean wide, Optional<String> home) {
    /** The width when nothing else says: what a pipe, a file or an unknown terminal gets. */
    public static final int DEFAULT_WIDTH = 80;
    /** Hex digits of a shortened digest: 48 bits, as git and docker show. */
    public static final int SHORT_DIGEST = 12;
    /** A width below this is taken as this (a nonsense {@code COLUMNS}). */
    static final int NARROWEST = 20;

    private static final Pattern DIGEST = Pattern.compile("(?<![0-9a-fA-F])[0-9a-f]{64}(?![0-9a-fA-F])");

    public Layout {
        if (wide && width.isPresent()) {
            throw new IllegalArgumentException("a wide layout has no width");
        }
    }

    /**
     * The layout of one command line, from the one place its width is decided: {@code --wide}
     * (no limit, values in full), else {@code configured} (a configured table width), else
     * {@code terminal} (the terminal's columns, when stdout is one and its width is known), else
     * {@value #DEFAULT_WIDTH}.
     *
     * @param env the caller's environment, for {@code HOME}
     */
    public static Layout resolve(boolean wide, OptionalInt configured, OptionalInt terminal, Map<String, String> env) {
        Optional<String> home = Optional.ofNullable(env.get("HOME"))
                .filter(h -> h.startsWith("/"))
                .map(h -> Path.of(h).normalize().toString())
                .filter(h -> !h.equals("/"));
        if (wide) {
            return new Layout(OptionalInt.empty(), true, home);
        }
        int width = configured.isPresent() ? configured.getAsInt() : terminal.orElse(DEFAULT_WIDTH);
        return new Layout(OptionalInt.of(Math.max(NARROWEST, width)), false, home);
    }

    /** Everything in full, no width: what {@code --wide} gives. */
    public static Layout full() {
        return new Layout(OptionalInt.empty(), true, Optional.empty());
    }

    /** A SHA-256 digest (hex) as a table shows it: its first {@value #SHORT_DIGEST} digits. */
    public String digest(String hex) {
        return wide || hex.length() <= SHORT_DIGEST ? hex : hex.substring(0, SHORT_DIGEST);
    }

    /** A path: {@code ~/} for the user's home, and each 64-hex name in it shortened and marked {@code …}. */
    public String path(String path) {
        if (wide) {
            return path;
        }
        String shown = path;
        if (home.isPresent() && path.startsWith(home.get() + "/")) {
            shown = "~" + path.substring(home.get().length());
        }
        return replaceDigests(shown, "…");
    }

    /** A path: see {@link #path(String)}. */
    public String path(Path path) {
        return path(path.toString());
    }

    /**
     * A sentence that may name digests and paths (a problem, a detail, a source): every digest in
     * it shortened, and the user's home written {@code ~} where a path starts with it.
     */
    public String text(String text) {
        if (wide) {
            return text;
        }
        String shown = text;
        if (home.isPresent()) {
            Pattern inHome = Pattern.compile("(^|[\\s(='\"])" + Pattern.quote(home.get()) + "(?=/)");
            shown = inHome.matcher(shown).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "~"));
        }
        return replaceDigests(shown, "");
    }

    /** A time: to the second ({@code 2026-01-02T03:04:05Z}); in full with {@code --wide}. */
    public String time(Instant at) {
        return wide ? at.toString() : at.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static String replaceDigests(String s, String mark) {
        return DIGEST.matcher(s)
                .replaceAll(m -> Matcher.quoteReplacement(m.group().substring(0, SHORT_DIGEST) + mark));
    }
}
