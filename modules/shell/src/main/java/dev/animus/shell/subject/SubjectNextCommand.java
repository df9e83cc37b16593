package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.subjects.Subject;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject next --kind K}: the next ready subject of a kind. */
@Command(
        name = "next",
        mixinStandardHelpOptions = true,
        description = {
            "Show the next ready subject of a kind.",
            "",
            "Show the next ready subject of a kind, by its backend's order (priority, then age), as 'get'",
            "shows it. Nothing is changed: take it with 'subject status ID in-progress'. Exit codes: 0 one",
            "was found, 1 none is ready (error code no_ready_subject)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus subject next --kind task", "  animus subject next --kind task --json | jq -r .subject.id"})
public final class SubjectNextCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Option(names = "--kind", required = true, paramLabel = "<kind>", description = "The kind, e.g. task.")
    String kind;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        Optional<Subject> next = SubjectLookup.endpoint(root).next(kind);
        if (next.isEmpty()) {
            throw new CommandFailed(ExitCodes.FAILED, "no_ready_subject", "no ready subject of kind " + kind);
        }
        SubjectGetCommand.print(root, "next", next.get());
        return ExitCodes.OK;
    }
}
