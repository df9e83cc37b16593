package dev.animus.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Descriptions are written in the source as lines of prose (a sentence may run over several
 * lines); picocli would wrap each line on its own and leave ragged fragments at 80 columns. This
 * re-flows every command's description into paragraphs picocli can wrap: the first sentence alone
 * (the summary the parent's command list shows), then the rest. An empty line in the source starts
 * a new paragraph.
 */
final class HelpText {
    /** The end of a sentence: a full stop before a space, not the one of an abbreviation. */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<!\\be\\.g|\\bi\\.e|\\betc)\\.(?=\\s)");

    private HelpText() {}

    /** Re-flows the descriptions of {@code root} and every command under it. */
    static void reflow(CommandLine root) {
        for (CommandLine cmd : new LinkedHashSet<>(root.getSubcommands().values())) {
            reflow(cmd);
        }
        var usage = root.getCommandSpec().usageMessage();
        List<String> lines = new ArrayList<>();
        for (String paragraph : paragraphs(usage.description())) {
            if (!lines.isEmpty()) {
                lines.add(""); // picocli prints it as an empty line between paragraphs
            }
            lines.add(paragraph);
        }
        usage.description(lines.toArray(String[]::new));
    }

    /** The summary sentence, then each paragraph of the rest as one line. */
    static List<String> paragraphs(String[] lines) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            if (line.isBlank()) {
                flush(current, paragraphs);
            } else {
                current.append(current.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        flush(current, paragraphs);
        if (!paragraphs.isEmpty()) {
            String first = paragraphs.getFirst();
            Matcher end = SENTENCE_END.matcher(first);
            if (end.find() && end.end() < first.length()) {
                paragraphs.set(0, first.substring(0, end.end()));
                paragraphs.add(1, first.substring(end.end()).strip());
            }
        }
        return paragraphs;
    }

    private static void flush(StringBuilder current, List<String> paragraphs) {
        if (!current.isEmpty()) {
            paragraphs.add(current.toString());
            current.setLength(0);
        }
    }
}
