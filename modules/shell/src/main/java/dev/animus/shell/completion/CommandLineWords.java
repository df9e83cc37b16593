package dev.animus.shell.completion;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Splits one line of an {@code animus} script into words, the way a POSIX shell splits plain words
 * and quotes, and nothing more: no variable expansion, no globbing, no command substitution, no
 * pipes or redirections ({@code $ * ? ` | < > ; &} are ordinary word characters).
 *
 * <ul>
 *   <li>One trailing {@code \r} is dropped first, so CRLF scripts read like LF scripts.
 *   <li>Words are separated by runs of spaces and tabs; no other character separates words.
 *   <li>A {@code #} at the start of a word begins a comment that runs to the end of the line; a
 *       {@code #} inside a word ({@code a#b}) is literal.
 *   <li>Single quotes: everything up to the next single quote is literal.
 *   <li>Double quotes: everything up to the next unescaped double quote is literal, except that
 *       {@code \"}, {@code \\}, {@code \$} and {@code \`} drop the backslash; any other backslash is
 *       kept ({@code "a\b"} is {@code a\b}).
 *   <li>Outside quotes a backslash makes the next character literal; a backslash that ends the line
 *       is an error.
 *   <li>Adjacent quoted and unquoted parts join into one word: {@code --params='{"a":1}'} is the
 *       single word {@code --params={"a":1}}.
 *   <li>An empty quoted string ({@code ''} or {@code ""}) is an empty word, and is kept.
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class CommandLineWords {

    private CommandLineWords() {}

    /**
     * The words of {@code line}; empty for a blank line or a comment line.
     *
     * @param line one line of a script, without its {@code \n}; a trailing {@code \r} is ignored
     * @return the words in order, as an unmodifiable list
     * @throws IllegalArgumentException with a one-line message naming the problem and its 1-based
     *     column (counted in code points), e.g. "unterminated single quote starting at column 12"
     */
    public static List<String> split(String line) {
        Objects.requireNonNull(line, "line");
        String text = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        Scan scan = scan(text);
        if (scan.openQuote() >= 0) {
            String kind = text.charAt(scan.openQuote()) == '\'' ? "single" : "double";
            throw new IllegalArgumentException(
                    "unterminated " + kind + " quote starting at column " + column(text, scan.openQuote()));
        }
        if (scan.loneBackslash()) {
            throw new IllegalArgumentException(
                    "line ends with a lone backslash at column " + column(text, text.length() - 1));
        }
        return scan.words().stream().map(Word::text).toList();
    }

    /**
     * One word of a scanned line.
     *
     * @param text the word as the command sees it: quotes removed, escapes resolved
     * @param start index in the line of its first character (a quote, if it starts with one)
     * @param end index in the line just after it
     */
    public record Word(String text, int start, int end) {}

    /**
     * What {@link #scan} found: the same words {@link #split} gives, with where they are, and how
     * the line ends when it is not a complete command line.
     *
     * @param openQuote index of the quote that is still open at the end of the line, else -1 (its
     *     word, cut at the end of the line, is the last word)
     * @param loneBackslash whether the line ends with a backslash that escapes nothing (it is left
     *     out of the last word)
     */
    public record Scan(List<Word> words, int openQuote, boolean loneBackslash) {
        public Scan {
            words = List.copyOf(words);
        }

        /** Whether {@link #split} would accept the line. */
        boolean complete() {
            return openQuote < 0 && !loneBackslash;
        }
    }

    /**
     * Scans {@code text} with the rules of {@link #split}, leniently: a quote left open or a final
     * lone backslash is reported, not thrown, for an editor that completes and continues lines.
     * Nothing is dropped from {@code text} (not even a trailing {@code \r}).
     */
    public static Scan scan(String text) {
        Objects.requireNonNull(text, "text");
        List<Word> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        // separate from word.isEmpty(): '' starts a word that is empty, and makes a later # literal
        int wordStart = -1;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t') {
                if (wordStart >= 0) {
                    words.add(new Word(word.toString(), wordStart, i));
                    word.setLength(0);
                    wordStart = -1;
                }
                i++;
            } else if (c == '#' && wordStart < 0) {
                break;
            } else {
                if (wordStart < 0) {
                    wordStart = i;
                }
                int next = switch (c) {
                    case '\'' -> singleQuoted(text, i, word);
                    case '"' -> doubleQuoted(text, i, word);
                    case '\\' -> escaped(text, i, word);
                    default -> {
                        word.append(c);
                        yield i + 1;
                    }
                };
                if (next < 0) {
                    words.add(new Word(word.toString(), wordStart, text.length()));
                    return new Scan(words, c == '\\' ? -1 : i, c == '\\');
                }
                i = next;
            }
        }
        if (wordStart >= 0) {
            words.add(new Word(word.toString(), wordStart, text.length()));
        }
        return new Scan(words, -1, false);
    }

    /** Appends the single-quoted part opening at {@code open}; the index after it, or -1 if it is not closed. */
    private static int singleQuoted(String text, int open, StringBuilder word) {
        int close = text.indexOf('\'', open + 1);
        if (close < 0) {
            word.append(text, open + 1, text.length());
            return -1;
        }
        word.append(text, open + 1, close);
        return close + 1;
    }

    /** Appends the double-quoted part opening at {@code open}; the index after it, or -1 if it is not closed. */
    private static int doubleQuoted(String text, int open, StringBuilder word) {
        int i = open + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            boolean dropsBackslash = c == '\\' && i + 1 < text.length() && "\"\\$`".indexOf(text.charAt(i + 1)) >= 0;
            if (dropsBackslash) {
                word.append(text.charAt(i + 1));
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        return -1;
    }

    /** Appends the character the backslash at {@code at} escapes; the index after it, or -1 if it ends the text. */
    private static int escaped(String text, int at, StringBuilder word) {
        if (at + 1 >= text.length()) {
            return -1;
        }
        word.append(text.charAt(at + 1));
        return at + 2;
    }

    /** The 1-based column of index {@code at}, in code points, as an editor shows it. */
    private static int column(String text, int at) {
        return text.codePointCount(0, at) + 1;
    }
}
