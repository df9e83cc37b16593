package dev.animus.plugins.queue;

import java.util.Optional;
import java.util.regex.Pattern;

/** The ids of entries, {@code q:<n>} with {@code n} a positive whole number. */
final class EntryId {
    private static final Pattern FORM = Pattern.compile("q:([1-9][0-9]{0,17})");

    private EntryId() {}

    static String text(long number) {
        return "q:" + number;
    }

    /** The {@code n} of {@code q:<n>}, or empty when {@code text} is no entry id. */
    static Optional<Long> parse(String text) {
        var m = FORM.matcher(text);
        return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }
}
