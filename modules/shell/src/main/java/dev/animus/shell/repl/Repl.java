package dev.animus.shell.repl;

import dev.animus.runtime.Animus;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.completion.CommandCompleter;
import dev.animus.shell.completion.CompletionSources;
import dev.animus.shell.render.LinesAbove;
import dev.animus.shell.render.StatusEventPrinter;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.TerminalBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The interactive shell: {@code animus} with no command at a terminal
 * (docs/cli.md#the-interactive-shell). A line editor with the prompt {@code animus> }, history in
 * {@code <animus_home>/history}, completion ({@link CommandCompleter}), and {@code --params} JSON
 * over several lines ({@link ReplParser}). Every command runs in one {@link ShellContext}, so
 * plugins stay warm.
 *
 * <ul>
 *   <li>Ctrl-C while a command runs cancels it ({@link ForegroundCommand}); at the prompt it drops
 *       the line being typed.
 *   <li>Ctrl-D at an empty prompt, {@code exit} or {@code quit} ends the shell; the caller then
 *       shuts every plugin down. The exit status is that of the last command (0 if none ran).
 *   <li>Plugin status changes worth knowing print above the prompt ({@link StatusEventPrinter}), and
 *       so do log lines ({@code System.err} is a {@link LinesAbove} while the shell runs).
 * </ul>
 */
public final class Repl {
    private static final Logger LOG = LoggerFactory.getLogger(Repl.class);
    public static final String PROMPT = "animus> ";
    /** As wide as the prompt, so JSON typed over several lines stays aligned. */
    static final String CONTINUATION = "   ...> ";
    /** What {@link #runLine} returns for {@code exit}: not an exit status. */
    private static final int EXIT = -1;
    /** What {@link #runLine} returns for a blank line: nothing ran. */
    private static final int NOTHING = -2;

    private Repl() {}

    /** Runs the shell until Ctrl-D or {@code exit}; returns the last command's exit status. */
    public static int run(ShellContext context) {
        org.jline.terminal.Terminal tty;
        try {
            tty = openTerminal();
        } catch (IOException | RuntimeException e) {
            context.terminal()
                    .warn("the line editor is not available (" + e.getMessage() + "); reading commands line by line");
            return ScriptMode.run(context.asScript(), true);
        }
        try {
            return session(context, tty);
        } finally {
            try {
                tty.close();
            } catch (IOException e) {
                LOG.debug("closing the terminal failed: {}", e.toString());
            }
        }
    }

    /**
     * The system terminal. Through the FFM API when this JVM lets JLine use it (the launcher passes
     * {@code --enable-native-access=org.jline.terminal.ffm}); otherwise through {@code stty}, which
     * needs no native access, so no JVM warning about restricted methods is ever printed.
     */
    public static org.jline.terminal.Terminal openTerminal() throws IOException {
        boolean nativeAccess = ModuleLayer.boot()
                .findModule("org.jline.terminal.ffm")
                .map(Module::isNativeAccessEnabled)
                .orElse(false);
        return TerminalBuilder.builder()
                .name("animus")
                .system(true)
                .nativeSignals(true)
                .ffm(nativeAccess)
                .jni(false)
                .exec(true)
                .dumb(true)
                .build();
    }

    private static int session(ShellContext context, org.jline.terminal.Terminal tty) {
        LineReader reader = LineReaderBuilder.builder()
                .terminal(tty)
                .appName("animus")
                .parser(new ReplParser())
                .completer(new CommandCompleter(
                        Main.commandLine(context).getCommandSpec(),
                        new CompletionSources(context.environment()),
                        Path.of("").toAbsolutePath()))
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.HISTORY_IGNORE_SPACE, true) // a way to keep a line out of the file
                .build();
        historyFile(context).ifPresent(h -> {
            reader.setVariable(LineReader.HISTORY_FILE, h);
            reader.getHistory().attach(reader); // reads it
        });
        // tables fit the window as it is when each command prints (docs/cli.md#table-width)
        ShellContext shell = context.asShell(context.terminal()
                .forShell(tty.input(), tty.writer(), hiddenInput(tty))
                .withColumns(tty::getColumns));
        ForegroundCommand foreground = new ForegroundCommand();
        // the terminal echoes ^C where the cursor is: end that line before the command says it was cancelled
        tty.handle(
                org.jline.terminal.Terminal.Signal.INT,
                signal -> foreground.interrupt(() -> {
                    tty.writer().println();
                    tty.writer().flush();
                }));
        int status = ExitCodes.OK;
        PrintStream stderr = System.err; // log lines from background threads: above the prompt, like events
        System.setErr(new PrintStream(new LinesAbove(reader::printAbove), true, StandardCharsets.UTF_8));
        try (StatusEventPrinter _ = StatusEventPrinter.start(context.host(), reader::printAbove)) {
            while (true) {
                String line;
                try {
                    line = reader.readLine(PROMPT);
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt: drop the line, ask again
                } catch (EndOfFileException e) {
                    tty.writer().println();
                    break;
                }
                int code = runLine(shell, line, foreground);
                if (code == EXIT) {
                    break;
                }
                if (code != NOTHING) {
                    status = code;
                }
            }
        } finally {
            System.err.close();
            System.setErr(stderr);
        }
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            shell.terminal().warn("the history was not saved: " + e.getMessage());
        }
        return status;
    }

    private static int runLine(ShellContext shell, String line, ForegroundCommand foreground) {
        return switch (InputLine.of(line)) {
            case InputLine.Unsplittable u -> {
                shell.terminal().error(u.message() + " (fix the quoting)");
                yield ExitCodes.USAGE;
            }
            case InputLine.Blank _ -> NOTHING;
            case InputLine.End _ -> EXIT;
            case InputLine.Command c -> {
                foreground.begin();
                try {
                    yield Main.execute(shell.withDefaults(c.words()).toArray(String[]::new), shell);
                } finally {
                    foreground.end();
                }
            }
        };
    }

    /**
     * {@code <animus_home>/history}, created readable by the owner only (it keeps what was typed,
     * {@code --params} included); empty, with a warning, when it cannot be.
     */
    private static Optional<Path> historyFile(ShellContext context) {
        try {
            Path history = Animus.historyFile(context.environment());
            Files.createDirectories(history.getParent());
            try {
                Files.createFile(
                        history, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException kept) {
                // the history of earlier sessions
            }
            return Optional.of(history);
        } catch (IOException | IllegalArgumentException | UnsupportedOperationException e) {
            context.terminal().warn("no history this session: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Secrets typed at the shell: a second line editor on the same terminal that shows nothing
     * typed, keeps no history and reads the line as it is (no quotes, no {@code !} expansion).
     */
    private static Terminal.HiddenInput hiddenInput(org.jline.terminal.Terminal tty) {
        LineReader hidden = LineReaderBuilder.builder()
                .terminal(tty)
                .appName("animus-secret")
                .parser(new DefaultParser())
                .variable(LineReader.DISABLE_HISTORY, true)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        return prompt -> {
            try {
                return Optional.of(hidden.readLine(prompt, '\0').toCharArray());
            } catch (UserInterruptException | EndOfFileException e) {
                return Optional.empty();
            }
        };
    }
}
