package dev.animus.fetch;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a checksum file: a file name and its SHA-256 (lowercased).
 *
 * <p>The forms read: GNU {@code sha256sum}, {@code <hex>  <name>} (text mode) or
 * {@code <hex> *<name>} (binary mode), also with a single space, and with GNU's leading
 * {@code \} when the name holds an escaped {@code \\} or {@code \n}; BSD {@code sha256} /
 * {@code shasum --tag}, {@code SHA256 (<name>) = <hex>}; and OpenSSL's
 * {@code SHA256(<name>)= <hex>} or {@code SHA2-256(<name>)= <hex>}. Hex digits may be upper case.
 */
record SumsLine(String name, String sha256) {
    private static final Pattern GNU = Pattern.compile("(\\\\?)([0-9A-Fa-f]{64}) [ *]?(.+)");
    private static final Pattern BSD = Pattern.compile("(?:SHA256|SHA2-256) ?\\((.+)\\) ?= ?([0-9A-Fa-f]{64})");

    /** The line, without its line end; empty when it is in none of the forms. */
    static Optional<SumsLine> parse(String line) {
        Matcher gnu = GNU.matcher(line);
        if (gnu.matches()) {
            String name = gnu.group(1).isEmpty() ? gnu.group(3) : unescape(gnu.group(3));
            return Optional.of(new SumsLine(name, gnu.group(2).toLowerCase(Locale.ROOT)));
        }
        Matcher bsd = BSD.matcher(line);
        if (bsd.matches()) {
            return Optional.of(new SumsLine(bsd.group(1), bsd.group(2).toLowerCase(Locale.ROOT)));
        }
        return Optional.empty();
    }

    /**
     * Whether this line is about the asset {@code assetName}: the name it gives, without leading
     * {@code ./} and any directories ({@code sha256sum dist/x.tar.gz} writes {@code dist/x.tar.gz}),
     * is exactly the asset's name.
     */
    boolean names(String assetName) {
        return baseName(name).equals(assetName);
    }

    private static String baseName(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }

    private static String unescape(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '\\' && i + 1 < name.length()) {
                char next = name.charAt(++i);
                b.append(next == 'n' ? '\n' : next);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
