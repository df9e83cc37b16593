package dev.animus.shell.completion;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes words as one line a POSIX shell (and {@link CommandLineWords}) splits back into the same
 * words: a word of plain characters stays as it is, any other is single-quoted, a single quote
 * inside it written {@code '\''}. Stateless and thread-safe.
 */
public final class ShellQuoting {
    /** Characters no shell treats specially inside a word. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private ShellQuoting() {}

    /** {@code words} joined by single spaces, each quoted when it must be. */
    public static String line(List<String> words) {
        return words.stream().map(ShellQuoting::word).collect(Collectors.joining(" "));
    }

    /** One word, quoted when it holds anything but plain characters (or nothing at all). */
    public static String word(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
