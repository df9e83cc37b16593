package dev.animus.shell.repl;

import dev.animus.core.OneLine;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code history} prints: the lines typed, oldest first, each numbered from 1 with the
 * numbers right-aligned. A line typed over several lines ({@code --params} JSON) shows its later
 * lines under the first, indented past the number. Every line is made safe to print
 * ({@link OneLine}): the history file may hold anything.
 */
final class HistoryListing {
    private HistoryListing() {}

    /**
     * @param entries the history, oldest first
     * @param last how many of the newest to list; all of them when it is at least their number
     */
    static List<String> lines(List<String> entries, int last) {
        int from = Math.max(0, entries.size() - last);
        int width = Integer.toString(entries.size()).length();
        String indent = " ".repeat(width + 2);
        List<String> out = new ArrayList<>();
        for (int i = from; i < entries.size(); i++) {
            List<String> parts = entries.get(i).lines().toList();
            String number = Integer.toString(i + 1);
            out.add(" ".repeat(width - number.length()) + number + "  "
                    + OneLine.of(parts.isEmpty() ? "" : parts.getFirst()));
            for (String more : parts.subList(Math.min(1, parts.size()), parts.size())) {
                out.add(indent + OneLine.of(more));
            }
        }
        return out;
    }
}
