package dev.animus.shell.repl;

import dev.animus.shell.completion.CommandLineWords;
import java.util.List;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * How the interactive shell's line editor reads a line: words and quotes as in a script
 * ({@link CommandLineWords}), and when Enter does not yet run it. A line goes on, on a continuation
 * prompt, while a quote is open or while the JSON of {@code --params} is not balanced yet (more
 * {@code {} or {@code [} opened than closed, outside JSON strings) and that value ends the line, so a
 * JSON document can be typed over several lines: the lines are joined with newlines, which JSON
 * ignores between tokens. Ctrl-C or Ctrl-D at the continuation prompt drops what was typed.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReplParser implements Parser {

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) throws EOFError {
        CommandLineWords.Scan scan = CommandLineWords.scan(line);
        if (context == ParseContext.ACCEPT_LINE || context == ParseContext.SECONDARY_PROMPT) {
            if (scan.openQuote() >= 0) {
                throw new EOFError(-1, -1, "the quote is not closed", "quote");
            }
            if (paramsOpen(scan.words(), line.length())) {
                throw new EOFError(-1, -1, "the JSON of --params is not closed", "json");
            }
        }
        return ReplWords.at(line, cursor, scan);
    }

    /**
     * Whether the line ends in the value of {@code --params} (or of {@code --json}, which gives the
     * params of a call), JSON with brackets still open: only
     * then can the next line close them (a newline joins the next line to the word). Brackets left
     * open in a value followed by more words, or by a space, never close, so such a line runs (and
     * its JSON is refused) rather than waiting at the continuation prompt for ever.
     */
    static boolean paramsOpen(List<CommandLineWords.Word> words, int lineLength) {
        if (words.isEmpty() || words.getLast().end() != lineLength) {
            return false;
        }
        String last = words.getLast().text();
        for (String option : List.of("--params", "--json")) {
            if (last.startsWith(option + "=")) {
                return jsonDepth(last.substring(option.length() + 1)) > 0;
            }
            if (words.size() >= 2 && words.get(words.size() - 2).text().equals(option) && jsonDepth(last) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Brackets opened minus brackets closed in {@code json}, not counting those inside JSON strings. */
    public static int jsonDepth(String json) {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else {
                switch (c) {
                    case '"' -> inString = true;
                    case '{', '[' -> depth++;
                    case '}', ']' -> depth--;
                    default -> {}
                }
            }
        }
        return depth;
    }
}
