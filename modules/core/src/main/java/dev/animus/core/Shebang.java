package dev.animus.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@code #!} line of a script, parsed as Linux does: after {@code #!}, blanks are skipped, the
 * interpreter runs to the next blank, and the rest of the line (trimmed) is at most one argument.
 * {@link #plan()} then says what has to be looked up: the interpreter itself, or, for
 * {@code /usr/bin/env NAME} and {@code /usr/bin/env -S NAME ARGS}, the command {@code NAME} on
 * {@code PATH}.
 *
 * <p>Pure; thread-safe.
 *
 * @param interpreter the interpreter as written
 * @param argument the optional single argument as written
 */
public record Shebang(String interpreter, Optional<String> argument) {
    /** How much of a file the kernel reads for its {@code #!} line (BINPRM_BUF_SIZE). */
    public static final int HEAD_BYTES = 256;

    /** What to resolve for a script. */
    public sealed interface Plan {
        /** Run {@code interpreter} (an absolute path) with {@code arguments}. */
        record Absolute(String interpreter, List<String> arguments) implements Plan {}

        /** Look {@code command} (a bare name) up on {@code PATH}, then run it with {@code arguments}. */
        record Search(String command, List<String> arguments) implements Plan {}
    }

    /** A {@code #!} line that cannot be run safely or at all, with the reason as one line. */
    public static final class Invalid extends RuntimeException implements CoreFailure {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    /**
     * The {@code #!} line at the start of {@code head} (the first up to {@link #HEAD_BYTES} bytes of
     * a file); empty when the file does not start with {@code #!} (a native executable).
     *
     * @throws Invalid when the line names no interpreter, does not end within {@link #HEAD_BYTES}
     *     bytes, or holds NUL or bytes that are not UTF-8
     */
    public static Optional<Shebang> parse(byte[] head) {
        if (!isScript(head)) {
            return Optional.empty();
        }
        int end = -1;
        for (int i = 2; i < Math.min(head.length, HEAD_BYTES); i++) {
            if (head[i] == '\n') {
                end = i;
                break;
            }
            if (head[i] == 0) {
                throw new Invalid("its #! line holds a NUL byte");
            }
        }
        if (end < 0) {
            throw new Invalid("its #! line does not end within " + (HEAD_BYTES - 1) + " bytes");
        }
        byte[] lineBytes = Arrays.copyOfRange(head, 2, end);
        String line = new String(lineBytes, StandardCharsets.UTF_8);
        if (!Arrays.equals(line.getBytes(StandardCharsets.UTF_8), lineBytes)) {
            throw new Invalid("its #! line is not UTF-8");
        }
        int i = skipBlanks(line, 0);
        int j = i;
        while (j < line.length() && !blank(line.charAt(j))) {
            j++;
        }
        if (i == j) {
            throw new Invalid("its #! line names no interpreter");
        }
        String rest = strip(line.substring(j));
        return Optional.of(new Shebang(line.substring(i, j), rest.isEmpty() ? Optional.empty() : Optional.of(rest)));
    }

    /** Whether a file that starts with {@code head} is a script: it starts with {@code #!}. */
    public static boolean isScript(byte[] head) {
        return head.length >= 2 && head[0] == '#' && head[1] == '!';
    }

    /**
     * What has to be resolved to run this script.
     *
     * @throws Invalid for a relative interpreter (the kernel would resolve it against the working
     *     directory), an {@code env} line without a command or with options other than {@code -S},
     *     or a command name that is a relative path
     */
    public Plan plan() {
        if (!interpreter.startsWith("/")) {
            throw new Invalid("its #! interpreter '" + OneLine.of(interpreter) + "' is not an absolute path (it would"
                    + " be looked up in whatever directory the plugin starts in); write an absolute path");
        }
        if (!interpreter.equals("/usr/bin/env") && !interpreter.equals("/bin/env")) {
            return new Plan.Absolute(interpreter, argument.map(List::of).orElse(List.of()));
        }
        String words = argument.orElseThrow(() -> new Invalid("its #! line runs env without a command"));
        List<String> split;
        if (words.startsWith("-S")) {
            split = words(words.substring(2));
        } else if (words.startsWith("-")) {
            throw new Invalid("its #! line passes env an option other than -S ('" + OneLine.of(words) + "')");
        } else if (words.chars().anyMatch(c -> blank((char) c))) {
            throw new Invalid("its #! line passes env '" + OneLine.of(words) + "' as one command name (use env -S"
                    + " to pass arguments)");
        } else {
            split = List.of(words);
        }
        if (split.isEmpty()) {
            throw new Invalid("its #! line runs env -S without a command");
        }
        String command = split.getFirst();
        List<String> args = split.subList(1, split.size());
        if (command.startsWith("/")) {
            return new Plan.Absolute(command, args);
        }
        if (command.contains("/") || command.contains("=") || command.startsWith("-")) {
            throw new Invalid("its #! line runs env with '" + OneLine.of(command) + "', which is neither a command"
                    + " name nor an absolute path");
        }
        return new Plan.Search(command, args);
    }

    private static List<String> words(String text) {
        return Arrays.stream(strip(text).split("[ \t]+"))
                .filter(w -> !w.isEmpty())
                .toList();
    }

    private static int skipBlanks(String s, int from) {
        int i = from;
        while (i < s.length() && blank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static String strip(String s) {
        int a = skipBlanks(s, 0);
        int b = s.length();
        while (b > a && blank(s.charAt(b - 1))) {
            b--;
        }
        return s.substring(a, b);
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }
}
