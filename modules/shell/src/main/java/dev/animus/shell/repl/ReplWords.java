package dev.animus.shell.repl;

import dev.animus.shell.completion.CommandLineWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jline.reader.CompletingParsedLine;

/**
 * A line of the interactive shell split into words, and the word the cursor is in, for completion.
 * A cursor between words (or after a space at the end) stands in an empty word of its own.
 * Completions replace the whole word, quoted the way it was started.
 *
 * @param words the words as the command sees them (quotes removed)
 * @param wordIndex the word the cursor is in
 * @param wordCursor the cursor's offset within that word, as the command sees it
 * @param rawWordCursor the cursor's offset within that word, as typed
 * @param rawWordLength the length of that word as typed
 * @param quote the quote still open at the cursor in that word ({@code '} or {@code "}), else 0
 */
public record ReplWords(
        String line,
        int cursor,
        List<String> words,
        int wordIndex,
        int wordCursor,
        int rawWordCursor,
        int rawWordLength,
        char quote)
        implements CompletingParsedLine {

    public ReplWords {
        Objects.requireNonNull(line, "line");
        words = List.copyOf(words);
    }

    static ReplWords at(String line, int cursor, CommandLineWords.Scan scan) {
        List<String> texts = new ArrayList<>();
        int index = -1;
        CommandLineWords.Word current = null;
        for (CommandLineWords.Word w : scan.words()) {
            if (index < 0 && cursor < w.start()) {
                index = texts.size();
                texts.add(""); // the cursor stands between words
            }
            if (index < 0 && cursor <= w.end()) {
                index = texts.size();
                current = w;
            }
            texts.add(w.text());
        }
        if (index < 0) {
            index = texts.size();
            texts.add("");
        }
        if (current == null) {
            return new ReplWords(line, cursor, texts, index, 0, 0, 0, '\0');
        }
        CommandLineWords.Scan before = CommandLineWords.scan(line.substring(current.start(), cursor));
        String typed = before.words().isEmpty() ? "" : before.words().getFirst().text();
        char quote = before.openQuote() >= 0 ? line.charAt(current.start() + before.openQuote()) : '\0';
        return new ReplWords(
                line,
                cursor,
                texts,
                index,
                typed.length(),
                cursor - current.start(),
                current.end() - current.start(),
                quote);
    }

    @Override
    public String word() {
        return words.get(wordIndex);
    }

    @Override
    public CharSequence escape(CharSequence candidate, boolean complete) {
        String text = candidate.toString();
        return switch (quote) {
            case '\'' -> "'" + text.replace("'", "'\\''") + (complete ? "'" : "");
            case '"' -> "\"" + text.replaceAll("([\"\\\\$`])", "\\\\$1") + (complete ? "\"" : "");
            default -> plain(text);
        };
    }

    /** {@code text} with every character that would split or quote it escaped by a backslash. */
    private static String plain(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (" \t'\"\\".indexOf(c) >= 0 || (i == 0 && c == '#')) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
