package dev.animus.shell.subject;

import dev.animus.runtime.SubjectEndpoint;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import dev.animus.subjects.SubjectStatus;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject list ...}: one page of subjects (or all of them), as a table. */
@Command(
        name = "list",
        aliases = "ls",
        mixinStandardHelpOptions = true,
        description = {
            "List subjects.",
            "",
            "List subjects: of one kind, or of every backend merged (newest change first). Filters add up:",
            "--status and --assignee match any value given, --label every label given. One page of --limit",
            "subjects (50) is shown; when there are more, stderr says the --cursor of the next page, and",
            "--all follows the pages to the end. The table fits the width: the title is cut first, then",
            "LABELS and ASSIGNEE are left out (--wide shows everything)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject list --kind task --status ready --status in-progress",
            "  animus subject list --label bug --limit 10",
            "  animus subject list --all --json | jq -r '.subjects[].id'"
        })
public final class SubjectListCommand implements Callable<Integer> {
    /** A page when --limit is not given: a screenful and a half. */
    static final int DEFAULT_LIMIT = 50;

    @ParentCommand
    SubjectCommand subject;

    @Option(names = "--kind", paramLabel = "<kind>", description = "Only this kind (default: every backend's).")
    String kind;

    @Option(
            names = "--status",
            paramLabel = "<status>",
            converter = StatusConverter.class,
            completionCandidates = StatusConverter.Words.class,
            description = "Only subjects of this status (repeat for any of several).")
    List<SubjectStatus> statuses = new ArrayList<>();

    @Option(
            names = "--assignee",
            paramLabel = "<name>",
            description = "Only subjects assigned to NAME (repeat for any of several).")
    List<String> assignees = new ArrayList<>();

    @Option(
            names = "--label",
            paramLabel = "<label>",
            description = "Only subjects with this label (repeat: with every one of them).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--limit", paramLabel = "<n>", description = "At most N subjects a page (default 50).")
    Integer limit;

    @Option(names = "--cursor", paramLabel = "<cursor>", description = "Start at this page (what stderr said).")
    String cursor;

    @Option(names = "--all", description = "Follow the pages to the end: every subject that matches.")
    boolean all;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        Terminal t = root.terminal();
        int pageSize = limit == null ? DEFAULT_LIMIT : limit;
        if (pageSize < 1) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "invalid_value", "--limit " + pageSize + ": give at least 1 (e.g. --limit 50)");
        }
        SubjectEndpoint endpoint = SubjectLookup.endpoint(root);
        SubjectFilter first = new SubjectFilter(
                kind == null ? List.of() : List.of(kind),
                statuses,
                assignees,
                List.of(),
                labels,
                Optional.empty(),
                Optional.ofNullable(cursor),
                OptionalInt.of(pageSize));
        SubjectPage page = all ? everyPage(endpoint::list, first) : endpoint.list(first);
        if (root.json) {
            t.printJson(SubjectJson.list(page.subjects(), page.nextCursor()));
            return ExitCodes.OK;
        }
        if (page.subjects().isEmpty()) {
            t.result("no subjects" + (kind == null ? "" : " of kind " + kind)
                    + (statuses.isEmpty() && assignees.isEmpty() && labels.isEmpty() ? "" : " match"));
        } else {
            SubjectText.list(page.subjects(), kind == null, root.layout()).forEach(t.out()::println);
            t.out().flush();
        }
        page.nextCursor().ifPresent(c -> t.info("more subjects: add --cursor " + c + " for the next page, or --all"));
        return ExitCodes.OK;
    }

    /** Every page from {@code first} on, merged; a backend that hands back a cursor twice is a failure, not a loop. */
    static SubjectPage everyPage(Function<SubjectFilter, SubjectPage> list, SubjectFilter first) {
        List<Subject> subjects = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        SubjectFilter filter = first;
        while (true) {
            SubjectPage page = list.apply(filter);
            subjects.addAll(page.subjects());
            if (page.nextCursor().isEmpty()) {
                return new SubjectPage(subjects, Optional.empty());
            }
            String next = page.nextCursor().get();
            if (!seen.add(next) || page.subjects().isEmpty()) {
                throw new CommandFailed(
                        ExitCodes.FAILED,
                        "list_does_not_end",
                        "the list does not end: next_cursor " + next + " came back "
                                + (page.subjects().isEmpty() ? "with an empty page" : "twice")
                                + " (a backend's paging is broken; list a page at a time with --cursor)");
            }
            filter = filter.withCursor(Optional.of(next));
        }
    }
}
