package dev.animus.shell.repl;

import dev.animus.shell.ExitCodes;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.render.Terminal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * {@code animus} with no command: reads commands from stdin, one per line, and runs each through
 * the same command tree with the same plugin host, so plugins stay warm between commands. Blank
 * lines and {@code #} comments are skipped; a leading {@code animus} word is optional; {@code exit}
 * or {@code quit} ends early. Without a terminal there is no prompt and no decoration.
 *
 * <p>The first failing command stops the script with its exit status, unless {@code --keep-going}
 * is given; then every line runs and the status is that of the last failing command.
 */
public final class ScriptMode {
    private static final String PROMPT = "animus> ";
    /** What {@link #runLine} returns for {@code exit}: not an exit status. */
    private static final int EXIT = -1;

    private ScriptMode() {}

    public static int run(ShellContext context, boolean keepGoing) {
        Terminal t = context.terminal();
        var reader = new BufferedReader(new InputStreamReader(t.in(), StandardCharsets.UTF_8));
        int status = ExitCodes.OK;
        int lineNumber = 0;
        while (true) {
            prompt(t);
            String line;
            try {
                line = reader.readLine();
            } catch (IOException e) {
                t.error("cannot read commands from stdin: " + e.getMessage());
                return ExitCodes.FAILED;
            }
            if (line == null) {
                return status;
            }
            lineNumber++;
            int code = runLine(context, line, lineNumber);
            if (code == EXIT) {
                return status;
            }
            if (code != ExitCodes.OK) {
                status = code;
                if (!keepGoing && !t.interactive()) {
                    return status;
                }
            }
        }
    }

    private static int runLine(ShellContext context, String line, int lineNumber) {
        return switch (InputLine.of(line)) {
            case InputLine.Unsplittable u -> {
                context.terminal().error("line " + lineNumber + ": " + u.message() + " (fix the quoting)");
                yield ExitCodes.USAGE;
            }
            case InputLine.Blank _ -> ExitCodes.OK;
            case InputLine.End _ -> EXIT;
            case InputLine.Command c ->
                Main.execute(context.withDefaults(c.words()).toArray(String[]::new), context);
        };
    }

    private static void prompt(Terminal t) {
        if (t.interactive()) {
            t.out().print(PROMPT);
            t.out().flush();
        }
    }
}
