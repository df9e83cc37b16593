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
}
