package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.Subject;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject get <id>}: one subject, a field a line. */
@Command(
        name = "get",
        mixinStandardHelpOptions = true,
        description = {
            "Show one subject.",
            "",
            "Show one subject, a field a line, its description below. The id names its kind before the",
            "first ':' (task:42 is of kind task), which picks the backend."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus subject get task:42", "  animus subject get task:42 --json | jq -r .subject.status"})
public final class SubjectGetCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Parameters(index = "0", paramLabel = "<id>", description = "The subject, e.g. task:42.")
    String id;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        SubjectIds.require(id);
        Subject s = SubjectLookup.endpoint(root).get(id);
        print(root, "get", s);
        return ExitCodes.OK;
    }

    /** {@code s} as {@code command} prints it: the detail view, or its {@code --json} document. */
    static void print(AnimusCommand root, String command, Subject s) {
        Terminal t = root.terminal();
        if (root.json) {
            t.printJson(SubjectJson.one(command, s));
        } else {
            SubjectText.detail(s, root.layout()).forEach(t.out()::println);
            t.out().flush();
        }
    }
}
