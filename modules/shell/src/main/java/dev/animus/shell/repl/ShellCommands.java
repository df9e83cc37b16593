package dev.animus.shell.repl;

import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.utils.InfoCmp;
import picocli.CommandLine;

/**
 * The interactive shell's own commands, which are no command of the tree: {@code help} alone (a
 * short list, {@link ShortHelp}; {@code help COMMAND} is the tree's), {@code history [N]} and
 * {@code clear}. They run on the shell's thread, print to its terminal and return an exit status.
 */
final class ShellCommands {
    private static final Set<String> NAMES = Set.of("help", "history", "clear");

    private final Terminal terminal;
    private final LineReader reader;
    private final org.jline.terminal.Terminal tty;
    private final CommandLine tree;

    ShellCommands(Terminal terminal, LineReader reader, org.jline.terminal.Terminal tty, CommandLine tree) {
        this.terminal = terminal;
        this.reader = reader;
        this.tty = tty;
        this.tree = tree;
    }

    /** Whether {@code words} is one of the shell's own commands ({@code help} only without a command). */
    boolean handles(List<String> words) {
        String name = words.getFirst();
        return NAMES.contains(name) && !(name.equals("help") && words.size() > 1);
    }

    int run(List<String> words) {
        return switch (words.getFirst()) {
            case "help" -> print(ShortHelp.lines(tree));
            case "history" -> history(words.subList(1, words.size()));
            case "clear" -> words.size() == 1 ? clear() : usage("clear takes no arguments");
            default -> throw new IllegalArgumentException("not a shell command: " + words.getFirst());
        };
    }

    private int history(List<String> args) {
        int last = Integer.MAX_VALUE;
        if (args.size() > 1 || (args.size() == 1 && !args.getFirst().matches("[1-9][0-9]{0,8}"))) {
            return usage("history takes at most one argument, how many of the last lines to list (history 20)");
        }
        if (args.size() == 1) {
            last = Integer.parseInt(args.getFirst());
        }
        List<String> entries = new ArrayList<>();
        for (History.Entry e : reader.getHistory()) {
            entries.add(e.line());
        }
        return print(HistoryListing.lines(entries, last));
    }

    private int clear() {
        if (!tty.puts(InfoCmp.Capability.clear_screen)) {
            terminal.warn("this terminal (" + tty.getType() + ") cannot clear its screen");
            return ExitCodes.FAILED;
        }
        tty.flush();
        return ExitCodes.OK;
    }

    private int print(List<String> lines) {
        lines.forEach(terminal.out()::println);
        terminal.out().flush();
        return ExitCodes.OK;
    }

    private int usage(String message) {
        terminal.error(message);
        return ExitCodes.USAGE;
    }
}
