package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.core.HostHello;
import dev.animus.runtime.Plugins;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A command line's tree holds what it names, built as the whole tree builds it. */
class CommandTreeTest {
    private Plugins host;
    private ShellContext context;

    @TempDir
    Path dir;

    @BeforeEach
    void open() {
        host = Plugins.start(HostHello.animus("test"));
        Terminal quiet = new Terminal(
                System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        context = ShellContext.oneShot(quiet, Cli.env(dir), host);
    }

    @AfterEach
    void close() {
        host.close();
    }

    /** Every command of the tree by its qualified name. */
    private static Set<String> names(CommandLine cli) {
        Set<String> out = new LinkedHashSet<>();
        out.add(cli.getCommandSpec().qualifiedName());
        new LinkedHashSet<>(cli.getSubcommands().values()).forEach(sub -> out.addAll(names(sub)));
        return out;
    }

    private CommandLine along(String... args) {
        return CommandTree.along(new AnimusCommand(context), args);
    }

    @Test
    void eachCommandOfTheWholeTreeHasTheSameUsageWhenBuiltAlongItsOwnCommandLine() {
        CommandLine whole = CommandTree.whole(new AnimusCommand(context));
        HelpText.reflow(whole);
        List<CommandLine> all = new ArrayList<>();
        collect(whole, all);
        for (CommandLine cmd : all) {
            List<String> path = List.of(cmd.getCommandSpec().qualifiedName().split(" "))
                    .subList(1, cmd.getCommandSpec().qualifiedName().split(" ").length);
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            CommandLine narrow = along(args.toArray(String[]::new));
            HelpText.reflow(narrow);
            CommandLine reached = narrow;
            for (String name : path) {
                reached = reached.getSubcommands().get(name);
            }
            assertEquals(cmd.getUsageMessage(), reached.getUsageMessage(), String.join(" ", path));
        }
    }

    private static void collect(CommandLine cmd, List<CommandLine> into) {
        into.add(cmd);
        new LinkedHashSet<>(cmd.getSubcommands().values())
                .stream()
                        .filter(sub -> !sub.getCommandSpec().usageMessage().hidden())
                        .forEach(sub -> collect(sub, into));
    }

    @Test
    void aCommandLineBuildsTheCommandsItNamesAndTheChildrenOfTheLast() {
        assertEquals(Set.of("animus"), names(along("--version")));
        assertEquals(Set.of("animus"), names(along()));
        assertEquals(
                Set.of("animus", "animus plugin", "animus plugin list"),
                names(along("--agent", "plugin", "plugin", "list", "--json")),
                "an option's value is no command");
        assertEquals(
                Set.of(
                        "animus",
                        "animus plugin",
                        "animus plugin lock",
                        "animus plugin lock verify",
                        "animus plugin lock show",
                        "animus plugin lock prune"),
                names(along("--project-root=/x", "plugin", "lock")));
        Set<String> typo = names(along("plugn", "list"));
        assertEquals(
                true,
                typo.contains("animus plugin")
                        && typo.contains("animus secret")
                        && !typo.contains("animus plugin list"),
                "a typo at the root gets the root's children for suggestions: " + typo);
        assertEquals(
                names(CommandTree.whole(new AnimusCommand(context))),
                names(along("help", "plugin", "list")),
                "help of another command sees the whole tree");
    }

    private CommandLine forCompletion(String... words) {
        return CommandTree.along(
                new AnimusCommand(context),
                java.util.stream.Stream.concat(
                                java.util.stream.Stream.of("__complete", "--"), java.util.Arrays.stream(words))
                        .toArray(String[]::new));
    }

    @Test
    void aTabBuildsTheCommandsOfTheWordsBeforeThePartialOneAndTheChildrenOfTheLast() {
        Set<String> plugin = names(forCompletion("plugin", "ins"));
        assertEquals(
                true, plugin.contains("animus plugin install") && plugin.contains("animus plugin dev"), "" + plugin);
        assertEquals(
                true,
                !plugin.contains("animus secret") && !plugin.contains("animus plugin lock verify"),
                "nothing off the words' path: " + plugin);
        Set<String> root = names(forCompletion("plu"));
        assertEquals(true, root.contains("animus plugin") && root.contains("animus __complete"), "" + root);
        assertEquals(true, !root.contains("animus plugin list"), "the partial word names nothing yet: " + root);
        assertEquals(
                Set.of("animus", "animus __complete", "animus plugin", "animus plugin install"),
                names(forCompletion("--agent", "plugin", "plugin", "install", "--path", "x", "")),
                "an option's value is no command, a leaf has no children");
        assertEquals(
                names(CommandTree.whole(new AnimusCommand(context))),
                names(forCompletion("help", "plugin", "")),
                "help completes command paths: it sees the whole tree");
    }

    @Test
    void aTabCompletesOnItsOwnTreeWhatItCompletesOnTheWholeTree() throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir.resolve("plugins-here"));
        CommandLine whole = CommandTree.whole(new AnimusCommand(context));
        var sources = new dev.animus.shell.completion.CompletionSources(context.environment());
        var onWhole = new dev.animus.shell.completion.CommandCompleter(whole.getCommandSpec(), sources, dir);
        List<CommandLine> all = new ArrayList<>();
        collect(whole, all);
        int compared = 0;
        for (CommandLine cmd : all) {
            String[] qualified = cmd.getCommandSpec().qualifiedName().split(" ");
            List<String> path = List.of(qualified).subList(1, qualified.length);
            List<List<String>> lines = new ArrayList<>();
            lines.add(path);
            List<String> withAgent = new ArrayList<>(path);
            withAgent.addAll(List.of("--agent", "a"));
            lines.add(withAgent);
            for (var option : cmd.getCommandSpec().options()) {
                List<String> withOption = new ArrayList<>(path);
                withOption.add(option.longestName()); // completes its value, if it takes one
                lines.add(withOption);
            }
            for (List<String> before : lines) {
                // a command's words: what follows them; after an option: its value
                for (String partial : before.size() == path.size() + 1 ? List.of("") : List.of("", "-", "p")) {
                    List<String> words = new ArrayList<>(before);
                    words.add(partial);
                    CommandLine own = forCompletion(words.toArray(String[]::new));
                    var onOwn = new dev.animus.shell.completion.CommandCompleter(own.getCommandSpec(), sources, dir);
                    assertEquals(
                            values(onWhole.candidates(before, partial)),
                            values(onOwn.candidates(before, partial)),
                            "completing '" + String.join(" ", words) + "'");
                    compared++;
                }
            }
        }
        assertEquals(true, compared > 300, "compared " + compared + " lines");
    }

    private static List<String> values(List<org.jline.reader.Candidate> candidates) {
        return candidates.stream().map(org.jline.reader.Candidate::value).toList();
    }
}
