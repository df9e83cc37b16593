package dev.animus.shell.hook;

import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.daemon.DaemonFailure;
import dev.animus.hooks.HookRun;
import dev.animus.runtime.HookJson;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus hook run <hook> --input JSON|-|@FILE}: one hook asked, its outcome and the host's decision. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Ask a hook and show the outcome and the host's decision.",
            "",
            "Ask the plugin that answers <hook> for the agent (--agent, default 'default'), under a 2 s deadline,",
            "and print its answer, rebuilt from the allowed fields only, or why it abstained (extra fields, a",
            "distribution that does not sum to 1, a timeout, no plugin...), then what host policy decided. The",
            "input is checked first: route.skills {request_text, skills:[{name, description}]}, classify.page",
            "{origin, title, elements:[{ref, role, label}], signals:{password_field, payment_field}},",
            "route.snapshot {request_text, origin, elements}, classify.command-risk {command}. An abstention",
            "is an outcome, not an error: the exit status is 0 once the hook was asked."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus hook run classify.command-risk --input '{\"command\":\"git status\"}'",
            "  animus hook run route.skills --input @request.json --agent coder --json",
            "  echo '{\"command\":\"make\"}' | animus hook run classify.command-risk --input -"
        })
public final class HookRunCommand implements Callable<Integer> {

    @ParentCommand
    HookCommand hook;

    @Parameters(
            index = "0",
            paramLabel = "<hook>",
            completionCandidates = HookWords.Hooks.class,
            description = "route.skills, classify.page, route.snapshot or classify.command-risk.")
    String name;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "JSON|-|@FILE",
            description = "The hook's input: a JSON object, - for stdin, or @FILE.")
    String input;

    @Option(
            names = "--tool-call-id",
            paramLabel = "ID",
            description =
                    "classify.command-risk: cache the decision under this tool call (a batch preflight asks once).")
    String toolCallId;

    @Override
    public Integer call() {
        AnimusCommand root = hook.root;
        HookId id;
        HookInput parsed;
        try {
            id = HookId.parse(name);
            parsed = HookJson.input(id, JsonArgument.object(root, "--input", "input", input));
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "hook_input_invalid", e.getMessage());
        }
        HookRun run;
        try {
            run = HookCommand.endpoint(root).run(parsed, Optional.ofNullable(toolCallId));
        } catch (DaemonFailure e) {
            throw Failures.ofException(e);
        }
        Terminal t = root.terminal();
        if (root.json) {
            ObjectNode env = Terminal.envelope("hook.run");
            env.setAll(HookJson.run(run));
            t.printJson(env);
        } else {
            HookText.print(t.out(), HookJson.run(run));
            t.out().flush();
        }
        return ExitCodes.OK;
    }
}
