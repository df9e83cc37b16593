package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.animus.core.HostHello;
import dev.animus.runtime.Plugins;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * The {@code --help} of every command of the tree, as users get it (through {@link Cli#run}: 80
 * columns, no colour off a terminal), against golden files under
 * {@code src/test/resources/golden/help/<animus-command-path>.txt}; every help has examples, and
 * {@code animus help <cmd>} prints the same as {@code animus <cmd> --help}.
 */
class HelpGoldenTest {
    static final String DIR = "help";
    static final int WIDTH = 80;

    /**
     * One command: its path of names ({@code [plugin, dev, call]}) and the words that reach it on a
     * command line, where a parent's required positional parameters come before the subcommand
     * ({@code [plugin, dev, path, call]}: picocli asks for them even with {@code --help}).
     */
    record Cmd(List<String> path, List<String> words) {
        String name() {
            return String.join(" ", prepend("animus", path));
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** Every command path under {@code animus}, the root first ({@code []}, {@code [plugin]}, ...). */
    static List<List<String>> commandPaths() {
        return commands().stream().map(Cmd::path).toList();
    }

    static List<Cmd> commands() {
        Terminal quiet = new Terminal(
                System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        try (var host = Plugins.start(HostHello.animus("test"))) {
            List<Cmd> all = new ArrayList<>();
            Cli.inOwnHome(env -> {
                walk(Main.commandLine(ShellContext.oneShot(quiet, env, host)), new Cmd(List.of(), List.of()), all);
                return null;
            });
            return all;
        }
    }

    private static void walk(CommandLine cmd, Cmd at, List<Cmd> into) {
        into.add(at);
        List<String> before = new ArrayList<>(at.words());
        cmd.getCommandSpec().positionalParameters().stream()
                .filter(p -> p.required())
                .forEach(p -> before.add(p.paramLabel().replaceAll("[<>]", "")));
        // aliases appear in getSubcommands() under each name: walk each command once, by its name;
        // hidden commands (animus __complete, for completion scripts) are not for people
        Set<CommandLine> seen = new LinkedHashSet<>(cmd.getSubcommands().values());
        seen.removeIf(sub -> sub.getCommandSpec().usageMessage().hidden());
        for (CommandLine sub : seen) {
            List<String> path = new ArrayList<>(at.path());
            path.add(sub.getCommandName());
            List<String> words = new ArrayList<>(before);
            words.add(sub.getCommandName());
            walk(sub, new Cmd(List.copyOf(path), List.copyOf(words)), into);
        }
    }

    static String fileName(List<String> path) {
        return String.join("-", prepend("animus", path)) + ".txt";
    }

    static List<String> prepend(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    static String help(Cmd c) {
        List<String> args = new ArrayList<>(c.words());
        args.add("--help");
        Cli.Run r = Cli.run(args.toArray(String[]::new));
        String name = String.join(" ", prepend("animus", c.words()));
        assertEquals(0, r.exitCode(), name + " --help: " + r.err());
        assertEquals("", r.err(), name + " --help wrote to stderr");
        return r.out();
    }

    @Test
    void theTreeIsWalkedWhole() {
        List<List<String>> paths = commandPaths();
        assertTrue(paths.contains(List.of("plugin", "dev", "call")), "nested commands are walked: " + paths);
        assertTrue(paths.contains(List.of("completion")), paths.toString());
        assertEquals(paths.size(), Set.copyOf(paths).size(), "each command once: " + paths);
    }

    @TestFactory
    Stream<DynamicTest> helpMatchesItsGolden() {
        List<Cmd> all = commands();
        Set<String> files = new LinkedHashSet<>();
        all.forEach(c -> files.add(fileName(c.path())));
        Stream<DynamicTest> each = all.stream()
                .map(c -> dynamicTest(c.name(), () -> {
                    String help = help(c);
                    assertFalse(help.contains("\u001b["), "no colour off a terminal");
                    Golden.check(DIR, fileName(c.path()), c.name() + " --help", help);
                }));
        return Stream.concat(each, Stream.of(dynamicTest("no stray golden files", () -> Golden.noStrays(DIR, files))));
    }

    @TestFactory
    Stream<DynamicTest> everyHelpHasAnExamplesSectionWithAnAnimusLine() {
        return commands().stream()
                .map(c -> dynamicTest(c.name(), () -> {
                    String help = help(c);
                    int at = help.indexOf("\nExamples:\n");
                    assertTrue(at >= 0, c.name() + " --help has no Examples: section:\n" + help);
                    List<String> examples = help.substring(at + "\nExamples:\n".length())
                            .lines()
                            .filter(l -> l.strip().startsWith("animus ") || l.contains("| animus "))
                            .toList();
                    assertFalse(examples.isEmpty(), c.name() + " --help has no 'animus ...' example:\n" + help);
                }));
    }

    @TestFactory
    Stream<DynamicTest> helpCommandPrintsTheSameAsDashDashHelp() {
        return commands().stream()
                .map(c -> dynamicTest("animus help " + String.join(" ", c.path()), () -> {
                    Cli.Run r = Cli.run(prepend("help", c.path()).toArray(String[]::new));
                    assertEquals(0, r.exitCode(), r.err());
                    assertEquals("", r.err());
                    assertEquals(help(c), r.out());
                }));
    }

    /**
     * Help fits 80 columns: every command's summary (the first paragraph of its description, which
     * the parent's command list shows) fits on one line of that list, and every example fits on a
     * line (picocli would break a longer one at column 0, and it would no longer copy and paste).
     * The rest of a description is re-flowed into paragraphs ({@link HelpText}), so it wraps cleanly.
     */
    @Test
    void everySummaryAndEveryExampleFitsEightyColumns() {
        Terminal quiet = new Terminal(
                System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        Set<String> bad = new TreeSet<>();
        try (var host = Plugins.start(HostHello.animus("test"))) {
            Cli.inOwnHome(env -> {
                collectBadWrapping(Main.commandLine(ShellContext.oneShot(quiet, env, host)), bad);
                return null;
            });
        }
        assertEquals(Set.of(), bad);
    }

    private static void collectBadWrapping(CommandLine cmd, Set<String> bad) {
        var usage = cmd.getCommandSpec().usageMessage();
        String name = cmd.getCommandSpec().qualifiedName();
        if (Stream.of(usage.footer()).anyMatch(l -> l.length() > WIDTH)) {
            bad.add(name + ": examples");
        }
        var subcommands = new LinkedHashSet<>(cmd.getSubcommands().values());
        subcommands.removeIf(sub -> sub.getCommandSpec().usageMessage().hidden());
        int nameColumn = subcommands.stream()
                .mapToInt(sub -> sub.getCommandName().length())
                .max()
                .orElse(0);
        for (CommandLine sub : subcommands) {
            String[] description = sub.getCommandSpec().usageMessage().description();
            // "  name  summary" in the parent's command list
            if (description.length > 0 && 2 + nameColumn + 2 + description[0].length() > WIDTH) {
                bad.add(sub.getCommandSpec().qualifiedName() + ": summary");
            }
            collectBadWrapping(sub, bad);
        }
    }
}
