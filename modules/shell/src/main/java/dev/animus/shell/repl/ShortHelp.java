package dev.animus.shell.repl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * What {@code help} alone prints in the interactive shell: the shell's own commands, then the
 * commands of the tree (those not hidden, with the first line of their description), and how to
 * get a command's full help. The command list comes from the tree, so it stays true.
 */
final class ShortHelp {
    /** The shell's own commands and keys, as {@code {name, what it does}}. */
    static final List<List<String>> SHELL = List.of(
            List.of("help [COMMAND]", "this list, or the full help of COMMAND (help plugin call)"),
            List.of("history [N]", "the lines typed, numbered (the last N)"),
            List.of("clear", "clear the screen"),
            List.of("exit, quit", "leave the shell (also Ctrl-D); Ctrl-C cancels a command"));

    private ShortHelp() {}

    /** The help text for the top of {@code tree} (the {@code animus} command). */
    static List<String> lines(CommandLine tree) {
        Map<String, String> commands = new LinkedHashMap<>();
        tree.getSubcommands().forEach((name, sub) -> {
            CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            if (!spec.usageMessage().hidden() && name.equals(spec.name()) && !name.equals("help")) {
                String[] description = spec.usageMessage().description();
                commands.put(name, description.length == 0 ? "" : description[0]);
            }
        });
        return lines(commands);
    }

    /** The help text for {@code commands} (name to one-line description, in the order to show). */
    static List<String> lines(Map<String, String> commands) {
        int width = SHELL.stream().mapToInt(s -> s.getFirst().length()).max().orElse(0);
        for (String name : commands.keySet()) {
            width = Math.max(width, name.length());
        }
        List<String> out = new ArrayList<>();
        out.add("Shell commands:");
        for (List<String> s : SHELL) {
            out.add(row(s.getFirst(), s.get(1), width));
        }
        out.add("Commands (as on the command line, without 'animus'; Tab completes):");
        for (Map.Entry<String, String> c : commands.entrySet()) {
            out.add(row(c.getKey(), c.getValue(), width));
        }
        out.add("'help COMMAND' prints the full help of any command, e.g. 'help plugin install'.");
        return out;
    }

    private static String row(String name, String description, int width) {
        return ("  " + name + " ".repeat(width - name.length()) + "  " + description).stripTrailing();
    }
}
