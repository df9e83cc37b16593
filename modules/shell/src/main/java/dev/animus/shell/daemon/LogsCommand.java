package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus daemon logs}: the daemon's log. */
@Command(
        name = "logs",
        mixinStandardHelpOptions = true,
        description = {
            "Print the daemon's log.",
            "",
            "Print the last lines of the daemon's log (its own records and the plugins' stderr it logged);",
            "with --follow keep printing new lines until Ctrl-C. --level keeps records of that level and",
            "above; --plugin keeps lines that name the plugin. A daemon run in the foreground logs to its",
            "stderr instead (journalctl --user for a systemd unit)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon logs -n 50",
            "  animus daemon logs --follow --level warn",
            "  animus daemon logs --plugin echo"
        })
public final class LogsCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = {"-f", "--follow"},
            description = "Keep printing new lines as they are written.")
    boolean follow;

    @Option(names = "--plugin", paramLabel = "NAME", description = "Only lines that name this plugin.")
    String plugin;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            description = "Only records of this level and above: trace, debug, info, warn, error.")
    String level;

    @Option(
            names = {"-n", "--lines"},
            paramLabel = "N",
            defaultValue = "100",
            description = "How many of the last lines (default: ${DEFAULT-VALUE}).")
    int lines;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        if (lines < 0) {
            throw new CommandFailed(ExitCodes.USAGE, "lines_invalid", "--lines must be 0 or more");
        }
        if (level != null && !level.matches("(?i)trace|debug|info|warn|error")) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "level_invalid",
                    "--level must be trace, debug, info, warn or error, not '" + level + "'");
        }
        ObjectNode p =
                JsonNodeFactory.instance.objectNode().put("follow", follow).put("lines", lines);
        if (plugin != null) {
            p.put("plugin", plugin);
        }
        if (level != null) {
            p.put("level", level);
        }
        Terminal t = root.terminal();
        return Follow.stream(root, "daemon/logs", p, e -> {
            if (root.json) {
                t.out()
                        .println(Terminal.json()
                                .writeValueAsString(Terminal.envelope("daemon.log")
                                        .put("line", e.path("line").asString())));
            } else {
                t.out().println(e.path("line").asString());
            }
            t.out().flush();
        });
    }
}
