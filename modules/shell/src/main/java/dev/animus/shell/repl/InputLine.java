package dev.animus.shell.repl;

import dev.animus.shell.completion.CommandLineWords;
import java.util.List;

/**
 * One line of commands read from stdin or typed at the shell, as the loops that read them see it:
 * nothing to run, the end, words to run (a leading {@code animus} dropped), or quoting that does not
 * close.
 */
sealed interface InputLine {
    /** A blank line or a comment. */
    record Blank() implements InputLine {}

    /** {@code exit} or {@code quit}. */
    record End() implements InputLine {}

    /** A command line to run. */
    record Command(List<String> words) implements InputLine {
        public Command {
            words = List.copyOf(words);
        }
    }

    /** The quoting does not close; {@code message} says where. */
    record Unsplittable(String message) implements InputLine {}

    static InputLine of(String line) {
        List<String> words;
        try {
            words = CommandLineWords.split(line);
        } catch (IllegalArgumentException e) {
            return new Unsplittable(e.getMessage());
        }
        if (!words.isEmpty() && words.getFirst().equals("animus")) {
            words = words.subList(1, words.size());
        }
        if (words.isEmpty()) {
            return new Blank();
        }
        if (words.size() == 1
                && (words.getFirst().equals("exit") || words.getFirst().equals("quit"))) {
            return new End();
        }
        return new Command(words);
    }
}
