package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject ...}: the work items subject backends hold (docs/cli.md#subjects). */
@Command(
        name = "subject",
        mixinStandardHelpOptions = true,
        description = {
            "Work with subjects: tasks, requirements, tickets.",
            "",
            "Work with the subjects the installed subject backends hold (plugins of kind subject_backend):",
            "list, show, create, update and delete them, take the next ready one, and watch their changes. A",
            "call goes to the backend serving the subject's kind ('subject kinds' shows the routing table), in",
            "the project's daemon when one runs ('--no-daemon': in this process)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject kinds",
            "  animus subject list --kind task --status ready",
            "  animus subject create --kind task --title 'Fix the login page' --priority 2",
            "  animus subject status task:42 done"
        })
public final class SubjectCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus subject --help'");
    }
}
