package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectPatch;
import dev.animus.subjects.SubjectStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code animus subject update <id> ...}: change what is given, nothing else. */
@Command(
        name = "update",
        mixinStandardHelpOptions = true,
        description = {
            "Change a subject.",
            "",
            "Change what is given of a subject and nothing else: its status, its assignee (--unassign",
            "clears it), its labels (+LABEL adds one, -LABEL removes one) or a comment added to its history.",
            "Prints the subject's id, status and title. An update that gives nothing is refused."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject update task:42 --status in-progress --assignee alice",
            "  animus subject update task:42 --label +bug --label -triage",
            "  animus subject update task:42 --unassign --comment 'back in the pool'"
        })
public final class SubjectUpdateCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<id>", description = "The subject, e.g. task:42.")
    String id;

    @Option(
            names = "--status",
            paramLabel = "<status>",
            converter = StatusConverter.class,
            completionCandidates = StatusConverter.Words.class,
            description = "ready, in-progress, blocked, done or cancelled.")
    SubjectStatus status;

    @ArgGroup(exclusive = true)
    Assignment assignment;

    /** {@code --assignee A} or {@code --unassign}, not both. */
    static final class Assignment {
        @Option(names = "--assignee", paramLabel = "<name>", required = true, description = "Assign it to NAME.")
        String assignee;

        @Option(names = "--unassign", required = true, description = "Clear its assignee.")
        boolean unassign;
    }

    @Option(
            names = "--label",
            paramLabel = "(+|-)<label>",
            description = "+LABEL adds a label, -LABEL removes one (repeat for more).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--comment", paramLabel = "<text>", description = "A comment for the subject's history.")
    String comment;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        SubjectIds.require(id);
        SubjectPatch patch = patch();
        if (patch.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "nothing to update: give --status, --assignee, --unassign, --label +LABEL|-LABEL or --comment");
        }
        Subject s = SubjectLookup.endpoint(root).update(id, patch);
        SubjectStatusCommand.printChanged(root, "update", s);
        return ExitCodes.OK;
    }

    SubjectPatch patch() {
        LabelEdits edits = LabelEdits.parse(labels);
        Optional<SubjectPatch.Assignee> who = assignment == null
                ? Optional.empty()
                : Optional.of(
                        assignment.unassign
                                ? new SubjectPatch.Assignee.Clear()
                                : new SubjectPatch.Assignee.Set(assignment.assignee));
        return new SubjectPatch(
                Optional.ofNullable(status),
                who,
                edits.add(),
                edits.remove(),
                Optional.ofNullable(comment),
                Optional.empty());
    }
}
