package dev.animus.shell.hook;

import dev.animus.daemon.DaemonFailure;
import dev.animus.hooks.EventDelivery;
import dev.animus.runtime.HookJson;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus hook event <event>}: one lifecycle event to the plugins that observe it. */
@Command(
        name = "event",
        mixinStandardHelpOptions = true,
        description = {
            "Send a lifecycle event to the plugins that observe it.",
            "",
            "Queue <event> (session-start, tool-start, run-complete, ...: the 15 of the vocabulary) with",
            "--data for the agent's observers, as the notification hook/event. Fire-and-forget: an observer",
            "cannot change what the host does, and a full queue drops the event for that plugin (counted in",
            "'hook list'). Without a daemon the process ends right after, so observers may not get it."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus hook event session-start",
            "  animus hook event tool-end --data '{\"tool\":\"bash\",\"ok\":true}'"
        })
public final class HookEventCommand implements Callable<Integer> {

    @ParentCommand
    HookCommand hook;

    @Parameters(
            index = "0",
            paramLabel = "<event>",
            completionCandidates = HookWords.Events.class,
            description = "A lifecycle event, e.g. tool-start.")
    String event;

    @Option(
            names = "--data",
            paramLabel = "JSON|-|@FILE",
            description = "The event's data: a JSON object (default {}).")
    String data;

    @Override
    public Integer call() {
        AnimusCommand root = hook.root;
        JsonNode d = data == null
                ? JsonNodeFactory.instance.objectNode()
                : JsonArgument.object(root, "--data", "data", data);
        EventDelivery delivery;
        try {
            delivery = HookCommand.endpoint(root).event(event, d);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "hook_event_invalid", e.getMessage());
        } catch (DaemonFailure e) {
            throw Failures.ofException(e);
        }
        Terminal t = root.terminal();
        if (root.json) {
            ObjectNode env = Terminal.envelope("hook.event");
            env.setAll(HookJson.event(delivery));
            t.printJson(env);
        } else if (delivery.queued().isEmpty() && delivery.dropped().isEmpty()) {
            t.result("no plugin observes " + event + " for agent " + root.agent());
        } else {
            t.result(event + " queued for "
                    + (delivery.queued().isEmpty() ? "none" : String.join(", ", delivery.queued()))
                    + (delivery.dropped().isEmpty() ? "" : "; dropped for " + String.join(", ", delivery.dropped())));
        }
        return ExitCodes.OK;
    }
}
