package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus trigger status}: each trigger session's state and counters. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = {
            "Show the daemon's trigger sessions.",
            "",
            "Show each trigger session of the project's daemon: its state (starting, watching, backing_off,",
            "crashed, stopped), the events it received and what became of them, the malformed ones it dropped,",
            "its restarts and its last error. Exits 1 when no daemon runs."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus trigger status", "  animus trigger status --json | jq '.triggers[].state'"})
public final class TriggerStatusCommand implements Callable<Integer> {

    @ParentCommand
    TriggerCommand trigger;

    @Override
    public Integer call() {
        AnimusCommand root = trigger.root;
        Terminal t = root.terminal();
        Running.Connected running = Running.require(root);
        JsonNode s = running.link().request("trigger/status", JsonNodeFactory.instance.objectNode());
        if (root.json) {
            ObjectNode env = Terminal.envelope("trigger.status");
            env.setAll((ObjectNode) s);
            t.printJson(env);
            return ExitCodes.OK;
        }
        if (s.path("triggers").isEmpty()) {
            t.out().println("no trigger runs in daemon " + running.info().pid());
        } else {
            Table table = Table.of(
                    "PLUGIN",
                    "STATE",
                    "EVENTS",
                    "DISPATCHED",
                    "QUEUED",
                    "UNMATCHED",
                    "SKIPPED",
                    "FAILED",
                    "MALFORMED",
                    "RESTARTS",
                    Table.end("LAST ERROR"));
            s.path("triggers")
                    .forEach(p -> table.row(
                            p.path("plugin").asString(),
                            p.path("state").asString(),
                            p.path("events").asString(),
                            p.path("dispatched").asString(),
                            p.path("queued").asString(),
                            p.path("unmatched").asString(),
                            p.path("skipped").asString(),
                            p.path("failed").asString(),
                            p.path("malformed").asString(),
                            p.path("restarts").asString(),
                            p.path("last_error").asString("-")));
            table.print(t.out(), root.layout());
        }
        t.out().flush();
        return ExitCodes.OK;
    }
}
