package dev.animus.shell.agent;

import dev.animus.providers.CancelOutcome;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus agent cancel <control_session_id>}: agent/cancel to the process running that run. */
@Command(
        name = "cancel",
        mixinStandardHelpOptions = true,
        description = {
            "Cancel a provider run.",
            "",
            "Cancel a run by its control session id (what 'agent run' prints first): agent/cancel goes to the very",
            "process running it, which answers within 10s. Exit codes: 0 cancelled, 1 no such run or the provider",
            "does not support cancellation. A run in the project's daemon can be cancelled from any other client."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus agent cancel 6f1c2a9e-0d1b-4c55-9f0e-2b8f1c3d4e5a"})
public final class AgentCancelCommand implements Callable<Integer> {

    @ParentCommand
    AgentCommand agent;

    @Parameters(index = "0", paramLabel = "<control_session_id>", description = "The run to cancel.")
    String id;

    @Override
    public Integer call() {
        AnimusCommand root = agent.root;
        Terminal t = root.terminal();
        CancelOutcome done;
        try {
            done = AgentLookup.endpoint(root).cancel(id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailed(ExitCodes.INTERRUPTED, "interrupted", "interrupted while cancelling session " + id);
        } catch (RuntimeException e) {
            throw Failures.ofException(e);
        }
        if (root.json) {
            ObjectNode env = Terminal.envelope("agent.cancel");
            env.put("control_session_id", done.controlSessionId());
            env.put("provider", done.provider());
            env.put("pid", done.pid());
            env.set("answer", done.answer());
            t.printJson(env);
        } else {
            t.result("cancelled session " + id + " (provider " + done.provider() + ", pid " + done.pid() + ")");
        }
        return ExitCodes.OK;
    }
}
