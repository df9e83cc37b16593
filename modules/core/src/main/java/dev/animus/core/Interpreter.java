package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The program a script plugin runs on (its {@code #!} line), resolved to an absolute path when the
 * operator trusted the script's code and recorded with that trust. Launches and probes run
 * {@code path arguments... script} instead of letting the kernel resolve the {@code #!} line, so
 * neither a relative {@code PATH} entry nor the directory a plugin is started in can choose the
 * interpreter.
 *
 * @param path absolute path of the interpreter, as resolved (symlinks are not followed: an
 *             upgrade of {@code /usr/bin/python3} keeps working)
 * @param arguments what the {@code #!} line passes before the script (for {@code env -S}, the words
 *                  after the command name)
 */
public record Interpreter(String path, List<String> arguments) {
    /** @throws IllegalArgumentException when {@code path} is not absolute, or a value is empty or holds NUL */
    public Interpreter {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/") || path.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an interpreter must be an absolute path: '" + OneLine.of(path) + "'");
        }
        arguments = List.copyOf(arguments);
        for (String a : arguments) {
            if (a.isEmpty() || a.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("an interpreter argument is empty or holds NUL");
            }
        }
    }

    /** What to run before the script's own path: the interpreter, then its arguments. */
    public List<String> command() {
        List<String> command = new ArrayList<>(arguments.size() + 1);
        command.add(path);
        command.addAll(arguments);
        return List.copyOf(command);
    }

    /** The interpreter as one line for a disclosure or a table: {@code /usr/bin/python3 -u}. */
    public String shown() {
        return OneLine.of(String.join(" ", command()));
    }
}
