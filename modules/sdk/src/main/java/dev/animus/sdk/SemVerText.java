package dev.animus.sdk;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Strict semantic version text (semver.org 2.0.0), as far as the plugin side needs it: is it one,
 * and what is its major. The host has its own full implementation; the sdk stays independent of
 * the host's modules so that it proves the wire contract, not a shared class.
 */
final class SemVerText {

    private static final Pattern GRAMMAR = Pattern.compile(
            "(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})"
                    + "(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)"
                    + "(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
                    + "(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?");

    private SemVerText() {}

    /** The major of {@code text}, or empty when it is not a strict semantic version. */
    static OptionalLong major(String text) {
        Matcher m = GRAMMAR.matcher(text);
        return m.matches() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }

    /** Whether {@code text} is a strict semantic version. */
    static boolean isValid(String text) {
        return GRAMMAR.matcher(text).matches();
    }
}
