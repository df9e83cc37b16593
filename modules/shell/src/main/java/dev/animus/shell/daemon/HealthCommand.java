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

/** {@code animus daemon health}: healthy, or which plugins are not. */
@Command(
        name = "health",
        mixinStandardHelpOptions = true,
        description = {
            "Check the health of the project's daemon.",
            "",
            "Check the health of the project's daemon: healthy while no plugin is disabled by its crash window",
            "(those need 'animus plugin reset'), degraded otherwise. Exits 0 healthy, 1 degraded or not running."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon health", "  animus daemon health --json | jq -r .status"})
public final class HealthCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        Terminal t = root.terminal();
        Running.Connected running = Running.require(root);
        JsonNode h = running.link().request("daemon/health", JsonNodeFactory.instance.objectNode());
        boolean healthy = "healthy".equals(h.path("status").asString());
        if (root.json) {
            ObjectNode env = Terminal.envelope("daemon.health");
            env.setAll((ObjectNode) h);
            t.printJson(env);
        } else {
            t.out()
                    .println("daemon " + running.info().pid() + ": "
                            + h.path("status").asString());
            if (!h.path("plugins").isEmpty()) {
                Table table = Table.of("PLUGIN", "STATE", "OK", Table.end("LAST ERROR"));
                h.path("plugins")
                        .forEach(p -> table.row(
                                p.path("name").asString(),
                                p.path("state").asString(),
                                p.path("ok").asBoolean() ? "yes" : "no",
                                p.path("last_error").asString("-")));
                table.print(t.out(), root.layout());
            }
            t.out().flush();
        }
        return healthy ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
