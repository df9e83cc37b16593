package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject create --kind K --title T ...}: a new subject; prints its id. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description = {
            "Create a subject.",
            "",
            "Create a subject of a kind in the backend serving it, and print its new id on stdout (the",
            "backend mints it). It starts as ready unless the backend says otherwise."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject create --kind task --title 'Fix login' --label bug --priority 2",
            "  animus subject create --kind task --title Crash --description - < report.txt",
            "  id=$(animus subject create --kind task --title 'Write the docs')"
        })
public final class SubjectCreateCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Option(names = "--kind", required = true, paramLabel = "<kind>", description = "The kind, e.g. task.")
    String kind;

    @Option(names = "--title", required = true, paramLabel = "<text>", description = "The title, one line.")
    String title;

    @Option(
            names = "--description",
            paramLabel = "<text>",
            description = "The description, or - to read it from stdin.")
    String description;

    @Option(names = "--label", paramLabel = "<label>", description = "A label (repeat for more).")
    List<String> labels = new ArrayList<>();

    @Option(
            names = "--priority",
            paramLabel = "<0-255>",
            converter = PriorityConverter.class,
            description = "Its priority, 0 to 255 ('subject next' goes by it, then by age).")
    Integer priority;

    @Option(names = "--assignee", paramLabel = "<name>", description = "Who it is assigned to.")
    String assignee;

    @Option(names = "--parent", paramLabel = "<id>", description = "The subject it belongs under.")
    String parent;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        Terminal t = root.terminal();
        if (title.isBlank()) {
            throw new CommandFailed(ExitCodes.USAGE, "title_blank", "--title is blank: give the subject a title");
        }
        for (String l : labels) {
            if (l.isBlank()) {
                throw new CommandFailed(ExitCodes.USAGE, "label_blank", "--label is blank: give the label's name");
            }
        }
        NewSubject wanted = new NewSubject(
                kind,
                title,
                Optional.ofNullable(description).map(d -> d.equals("-") ? stdin(root) : d),
                labels,
                priority == null ? OptionalInt.empty() : OptionalInt.of(priority),
                Optional.ofNullable(assignee),
                Optional.ofNullable(parent));
        Subject made = SubjectLookup.endpoint(root).create(wanted);
        if (root.json) {
            t.printJson(SubjectJson.one("create", made));
        } else {
            t.result(made.id());
        }
        return ExitCodes.OK;
    }

    private static String stdin(AnimusCommand root) {
        if (root.context().commandsOnStdin()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "description_from_stdin",
                    "--description - reads stdin, which holds the commands here; give it inline: --description 'TEXT'");
        }
        try {
            return new String(root.terminal().in().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the description from stdin", e);
        }
    }
}
