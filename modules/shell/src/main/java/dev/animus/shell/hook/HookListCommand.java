package dev.animus.shell.hook;

import dev.animus.daemon.DaemonFailure;
import dev.animus.hooks.HookRegistration;
import dev.animus.runtime.HookJson;
import dev.animus.runtime.Hooks;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus hook list}: the agent's sealed registrations and its events' observers. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = {
            "List which plugin answers which hook for an agent.",
            "",
            "List the agent's registrations (--agent, default 'default'), sealed when its session opened: for",
            "each hook the plugin that answers it, and for each lifecycle event the plugins that observe it,",
            "with the events sent and dropped so far. With a running daemon, the daemon's sessions."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus hook list", "  animus hook list --agent coder --json | jq '.hooks'"})
public final class HookListCommand implements Callable<Integer> {

    @ParentCommand
    HookCommand hook;

    @Override
    public Integer call() {
        AnimusCommand root = hook.root;
        Hooks.HookListing listing;
        try {
            listing = HookCommand.endpoint(root).list();
        } catch (DaemonFailure e) {
            throw Failures.ofException(e);
        }
        Terminal t = root.terminal();
        if (root.json) {
            ObjectNode env = Terminal.envelope("hook.list");
            env.setAll(HookJson.list(listing));
            t.printJson(env);
            return ExitCodes.OK;
        }
        Table hooks = Table.of("HOOK", Table.end("PLUGIN"));
        for (HookRegistration r : listing.registrations()) {
            hooks.row(
                    r.hook().wire(),
                    r.plugin()
                            .orElse(
                                    r.claimants().isEmpty()
                                            ? "-"
                                            : "(" + String.join(", ", r.claimants()) + " all claim it: it abstains)"));
        }
        hooks.print(t.out(), root.layout());
        Map<String, List<String>> observers = listing.observers();
        if (observers.isEmpty()) {
            t.out().println("no plugin observes agent " + listing.agent() + "'s events");
        } else {
            t.out().println();
            Table events = Table.of("EVENT", Table.end("OBSERVERS"));
            observers.keySet().stream().sorted().forEach(e -> events.row(e, String.join(", ", observers.get(e))));
            events.print(t.out(), root.layout());
            listing.droppedEvents().forEach((p, n) -> {
                if (n > 0) {
                    t.out().println(p + ": " + n + " event" + (n == 1 ? "" : "s") + " dropped");
                }
            });
        }
        t.out().flush();
        return ExitCodes.OK;
    }
}
