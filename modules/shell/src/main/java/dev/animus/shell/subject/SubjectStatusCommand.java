package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectStatus;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject status <id> <status>}: move a subject to another status. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = {
            "Set a subject's status.",
            "",
            "Set a subject's status: ready, in-progress, blocked, done or cancelled (every backend shares",
            "these five). Prints the subject's id, status and title."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus subject status task:42 in-progress", "  animus subject status task:42 done"})
public final class SubjectStatusCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Parameters(index = "0", paramLabel = "<id>", description = "The subject, e.g. task:42.")
    String id;

    @Parameters(
            index = "1",
            paramLabel = "<status>",
            converter = StatusConverter.class,
            completionCandidates = StatusConverter.Words.class,
            description = "ready, in-progress, blocked, done or cancelled.")
    SubjectStatus status;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        SubjectIds.require(id);
        Subject s = SubjectLookup.endpoint(root).status(id, status);
        printChanged(root, "status", s);
        return ExitCodes.OK;
    }

    /** What {@code update} and {@code status} print: the subject in one line, or its document. */
    static void printChanged(AnimusCommand root, String command, Subject s) {
        Terminal t = root.terminal();
        if (root.json) {
            t.printJson(SubjectJson.one(command, s));
        } else {
            t.result(SubjectText.summary(s));
        }
    }
}
