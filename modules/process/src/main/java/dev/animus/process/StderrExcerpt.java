package dev.animus.process;

import dev.animus.core.OneLine;
import dev.animus.core.Redaction;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The end of a probe's stderr as one short printable line for a warning row: the last non-blank
 * lines, stripped, redacted (known secrets on the whole text before it is split into lines),
 * control characters escaped, joined with {@value #SEPARATOR}, at most
 * {@value #MAX_CHARS} characters. A last line longer than that alone is cut and marked with an
 * ellipsis.
 */
final class StderrExcerpt {
    /** The longest excerpt: a warning row is one screen line or two. */
    static final int MAX_CHARS = 300;

    static final String SEPARATOR = " | ";

    private StderrExcerpt() {}

    /**
     * @param tail        the end of stderr as decoded text
     * @param headDropped whether {@code tail} starts after the beginning of stderr (its first line
     *                    is then partial and skipped, unless it is the only one)
     */
    static String of(String tail, boolean headDropped) {
        // known secrets first, on the whole text: a value of several lines goes before it is split
        List<String> lines = Redaction.maskKnown(tail).lines().toList();
        if (headDropped && lines.size() > 1) {
            lines = lines.subList(1, lines.size());
        }
        Deque<String> picked = new ArrayDeque<>();
        int length = 0;
        for (String raw : lines.reversed()) {
            String line = OneLine.of(Redaction.redact(raw.strip()));
            if (line.isEmpty()) {
                continue;
            }
            if (picked.isEmpty() && line.length() > MAX_CHARS) {
                return cut(line);
            }
            int added = line.length() + (picked.isEmpty() ? 0 : SEPARATOR.length());
            if (length + added > MAX_CHARS) {
                break;
            }
            picked.addFirst(line);
            length += added;
        }
        return String.join(SEPARATOR, picked);
    }

    private static String cut(String line) {
        int end = MAX_CHARS - 1;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(0, end) + "…";
    }
}
