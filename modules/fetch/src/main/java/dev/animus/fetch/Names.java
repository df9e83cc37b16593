package dev.animus.fetch;

import dev.animus.core.OneLine;
import java.util.List;

/** Quoting of names and lists of names that came from the network, for one-line messages. */
final class Names {
    private static final int QUOTE_LIMIT = 100;
    private static final int LIST_LIMIT = 30;

    private Names() {}

    /** {@code value} in single quotes, control characters made visible, shortened past 100 characters. */
    static String quote(String value) {
        String shown = value.length() <= QUOTE_LIMIT ? value : value.substring(0, QUOTE_LIMIT) + "…";
        return "'" + OneLine.of(shown) + "'";
    }

    /** Each of {@code names} quoted, comma-separated; past 30 the rest is counted, not shown; "none" when empty. */
    static String list(List<String> names) {
        if (names.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(names.size(), LIST_LIMIT); i++) {
            b.append(i == 0 ? "" : ", ").append(quote(names.get(i)));
        }
        if (names.size() > LIST_LIMIT) {
            b.append(" and ").append(names.size() - LIST_LIMIT).append(" more");
        }
        return b.toString();
    }
}
