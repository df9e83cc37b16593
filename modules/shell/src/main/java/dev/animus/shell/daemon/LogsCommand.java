package dev.animus.shell.daemon;

import dev.animus.core.LogLevel;
import dev.animus.core.LogSince;
import dev.animus.core.OneLine;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus daemon logs}: the routed log entries of the daemon and its plugins. */
@Command(
        name = "logs",
        mixinStandardHelpOptions = true,
        description = {
            "Print the log entries of the daemon and its plugins.",
            "",
            "Print the last entries the daemon routed (its own log and every plugin's log/entry), one a",
            "line: time, level, who wrote it, message. With --follow keep printing new ones until",
            "Ctrl-C. --level keeps entries of that level and above; --plugin those of one plugin;",
            "--since those at or after a time (RFC 3339) or a duration back from now (10m, 1h).",
            "With --json each line is one entry of JSON."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon logs -n 50",
            "  animus daemon logs --follow --level warn",
            "  animus daemon logs --plugin echo --since 10m"
        })
public final class LogsCommand implements Callable<Integer> {
    /** The schema of a {@code --json} line. */
    static final String SCHEMA = "daemon.log.entry";

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = {"-f", "--follow"},
            description = "Keep printing new entries as they are routed.")
    boolean follow;

    @Option(names = "--plugin", paramLabel = "NAME", description = "Only the entries of this plugin.")
    String plugin;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            description = "Only entries of this level and above: trace, debug, info, warn, error.")
    String level;

    @Option(
            names = "--since",
            paramLabel = "TIME",
            description = "Only entries at or after TIME: RFC 3339 (2026-12-02T10:00:00Z) or a duration back (10m).")
    String since;

    @Option(
            names = {"-n", "--lines"},
            paramLabel = "N",
            defaultValue = "100",
            description = "How many of the last entries (default: ${DEFAULT-VALUE}).")
    int lines;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        if (lines < 0 || lines > 10_000) {
            throw new CommandFailed(ExitCodes.USAGE, "lines_invalid", "--lines must be 0 to 10000, not " + lines);
        }
        ObjectNode p =
                JsonNodeFactory.instance.objectNode().put("follow", follow).put("lines", lines);
        if (level != null) {
            String word = level.toLowerCase(Locale.ROOT);
            if (LogLevel.ofWord(word).isEmpty()) {
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        "level_invalid",
                        "--level must be one of " + LogLevel.words() + ", not '" + OneLine.of(level) + "'");
            }
            p.put("level", word);
        }
        if (since != null) {
            try {
                LogSince.parse(since, Instant.now()); // checked here; the daemon counts it back on its clock
            } catch (IllegalArgumentException e) {
                throw new CommandFailed(ExitCodes.USAGE, "since_invalid", "--since: " + OneLine.of(e.getMessage()));
            }
            p.put("since", since);
        }
        if (plugin != null) {
            p.put("plugin", plugin);
        }
        Terminal t = root.terminal();
        return Follow.stream(root, "daemon/logs", p, e -> {
            if (root.json) {
                ObjectNode doc = Terminal.envelope(SCHEMA);
                doc.setAll((ObjectNode) (e.isObject() ? e : JsonNodeFactory.instance.objectNode()));
                t.out().println(Terminal.json().writeValueAsString(doc));
            } else {
                t.out().println(text(e));
            }
            t.out().flush();
        });
    }

    /** {@code <ts> <LEVEL> <source_name> <message>}, one line whatever the entry holds. */
    static String text(JsonNode e) {
        return OneLine.of(e.path("ts").asString("") + " "
                + e.path("level").asString("").toUpperCase(Locale.ROOT) + " "
                + e.path("source_name").asString("") + " "
                + e.path("message").asString(""));
    }
}
