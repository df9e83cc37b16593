package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject delete <id>}: delete a subject, after a confirmation. */
@Command(
        name = "delete",
        aliases = "rm",
        mixinStandardHelpOptions = true,
        description = {
            "Delete a subject.",
            "",
            "Delete a subject from its backend. Asks first at a terminal; without one, --yes confirms it. A",
            "backend that does not offer deletion refuses it: set the status to cancelled instead."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus subject delete task:42", "  animus subject delete task:42 --yes"})
public final class SubjectDeleteCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Parameters(index = "0", paramLabel = "<id>", description = "The subject, e.g. task:42.")
    String id;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        SubjectIds.require(id);
        Confirm.require(root, yes, "delete subject " + id, "Delete subject " + id + "?");
        SubjectLookup.endpoint(root).delete(id);
        Terminal t = root.terminal();
        if (root.json) {
            t.printJson(SubjectJson.deleted(id));
        } else {
            t.result("deleted " + id);
        }
        return ExitCodes.OK;
    }
}
