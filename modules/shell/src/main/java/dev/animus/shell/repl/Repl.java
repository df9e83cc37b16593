package dev.animus.shell.repl;

import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HostVersion;
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
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Reference;
import org.jline.reader.UserInterruptException;
import org.jline.reader.Widget;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalExt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The interactive shell: {@code animus} with no command at a terminal
 * (docs/cli.md#the-interactive-shell). A line editor with the prompt {@code animus> }, history in
 * {@code <animus_home>/history}, completion ({@link CommandCompleter}), and {@code --params} JSON
 * over several lines ({@link ReplParser}). Every command runs in one {@link ShellContext}, so
 * plugins stay warm.
 *
 * <ul>
 *   <li>It opens with the {@link Welcome} line; {@code help}, {@code history} and {@code clear} are
 *       its own ({@link ShellCommands}).
 *   <li>A command quiet for a second shows a {@link Spinner} on stderr: the command's stdout and
 *       stderr, its input and the lines printed above the prompt all pass by it, so it is erased
 *       before anything else reaches the screen.
 *   <li>Ctrl-C or Ctrl-D at the continuation prompt drops the lines typed so far.
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
        try (Ticks ticks = Ticks.start()) {
            return session(context, tty, ticks);
        }
    }

    private static int session(ShellContext context, org.jline.terminal.Terminal tty, Ticks ticks) {
        CommandLine tree = Main.commandLine(context);
        LineReader reader = LineReaderBuilder.builder()
                .terminal(tty)
                .appName("animus")
                .parser(new ReplParser())
                .completer(new CommandCompleter(
                        tree.getCommandSpec(),
                        new CompletionSources(context.environment()),
                        Path.of("").toAbsolutePath()))
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.HISTORY_IGNORE_SPACE, true) // a way to keep a line out of the file
                .build();
        abortContinuationOnCtrlD(reader);
        historyFile(context).ifPresent(h -> {
            reader.setVariable(LineReader.HISTORY_FILE, h);
            reader.getHistory().attach(reader); // reads it
        });
        PrintWriter rawErr = context.terminal().err();
        Spinner spinner = new Spinner(
                System::nanoTime,
                stderrIsTheTerminal(tty) ? ticks : Ticks.NEVER,
                text -> {
                    tty.writer().flush(); // what the command printed comes first
                    rawErr.print(text);
                    rawErr.flush();
                },
                StandardCharsets.UTF_8.equals(tty.encoding()) ? Spinner.UNICODE : Spinner.ASCII);
        Terminal.HiddenInput hidden = hiddenInput(tty);
        ShellContext shell = context.asShell(context.terminal()
                .forShell(
                        new PausingInput(tty.input(), spinner),
                        new PrintWriter(new SpinnerWriter(tty.writer(), spinner)),
                        new PrintWriter(new SpinnerWriter(rawErr, spinner)),
                        prompt -> {
                            spinner.pause();
                            try {
                                return hidden.read(prompt);
                            } finally {
                                spinner.resume();
                            }
                        })
                // tables fit the window as it is when each command prints (docs/cli.md#table-width)
                .withColumns(tty::getColumns));
        ShellCommands builtIns = new ShellCommands(shell.terminal(), reader, tty, tree);
        ForegroundCommand foreground = new ForegroundCommand();
        // the terminal echoes ^C where the cursor is: end that line (or erase the spinner's, which
        // holds it) before the command says it was cancelled
        tty.handle(
                org.jline.terminal.Terminal.Signal.INT,
                signal -> foreground.interrupt(() -> {
                    if (!spinner.clear()) {
                        tty.writer().println();
                    }
                    tty.writer().flush();
                }));
        Consumer<String> above = line -> {
            spinner.clear();
            reader.printAbove(line);
        };
        shell.terminal().info(welcome(context).line());
        int status = ExitCodes.OK;
        PrintStream stderr = System.err; // log lines from background threads: above the prompt, like events
        System.setErr(new PrintStream(new LinesAbove(above), true, StandardCharsets.UTF_8));
        try (StatusEventPrinter _ = StatusEventPrinter.start(context.host(), above)) {
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
                int code = runLine(shell, line, foreground, spinner, builtIns);
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

    private static int runLine(
            ShellContext shell, String line, ForegroundCommand foreground, Spinner spinner, ShellCommands builtIns) {
        return switch (InputLine.of(line)) {
            case InputLine.Unsplittable u -> {
                shell.terminal().error(u.message() + " (fix the quoting)");
                yield ExitCodes.USAGE;
            }
            case InputLine.Blank _ -> NOTHING;
            case InputLine.End _ -> EXIT;
            case InputLine.Command c when builtIns.handles(c.words()) -> builtIns.run(c.words());
            case InputLine.Command c -> {
                foreground.begin();
                spinner.begin();
                try {
                    yield Main.execute(shell.withDefaults(c.words()).toArray(String[]::new), shell);
                } finally {
                    spinner.end();
                    foreground.end();
                }
            }
        };
    }

    /**
     * Ctrl-D at the continuation prompt drops the lines typed so far, as Ctrl-C does (JLine would
     * only delete a character there: the buffer is not empty); elsewhere it does what it did.
     */
    private static void abortContinuationOnCtrlD(LineReader reader) {
        KeyMap<Binding> keys = reader.getKeyMaps().get(LineReader.MAIN);
        Binding before = keys.getBound(KeyMap.ctrl('D'));
        reader.getWidgets().put("animus-abort-continuation", () -> {
            String typed = reader.getBuffer().toString();
            if (typed.contains("\n")) {
                throw new UserInterruptException(typed);
            }
            if (before instanceof Reference r) {
                reader.callWidget(r.name());
            } else if (before instanceof Widget w) {
                return w.apply();
            }
            return true;
        });
        keys.bind(new Reference("animus-abort-continuation"), KeyMap.ctrl('D'));
    }

    /** The welcome line for the shell over {@code context}'s home and default project. */
    static Welcome welcome(ShellContext context) {
        Map<String, String> env = context.environment();
        Optional<Path> home;
        try {
            home = Optional.of(AnimusPaths.from(env, Path.of("")).home());
        } catch (IllegalArgumentException e) {
            home = Optional.empty();
        }
        Path project = Path.of("");
        for (List<String> option : context.defaults()) {
            if (option.getFirst().equals("--project-root") && option.size() == 2) {
                project = Path.of(option.get(1));
            }
        }
        return new Welcome(
                HostVersion.current(),
                home,
                project.toAbsolutePath().normalize(),
                Optional.ofNullable(env.get("HOME")).filter(h -> !h.isBlank()).map(Path::of),
                new Welcome.PluginsRun.InThisShell());
    }

    /**
     * Whether stderr is the terminal the shell runs on (it may be redirected while stdin and stdout
     * are not): only then is the spinner drawn.
     */
    private static boolean stderrIsTheTerminal(org.jline.terminal.Terminal tty) {
        return tty instanceof TerminalExt ext
                && ext.getProvider() != null
                && ext.getProvider().isSystemStream(SystemStream.Error);
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
