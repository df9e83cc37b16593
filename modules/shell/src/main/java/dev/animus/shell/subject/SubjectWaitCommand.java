package dev.animus.shell.subject;

import dev.animus.core.DurationText;
import dev.animus.runtime.SubjectWait;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.agent.SigInt;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.SubjectStatus;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject wait <id> [--status S]... [--timeout D]}: until the subject has a status. */
@Command(
        name = "wait",
        mixinStandardHelpOptions = true,
        description = {
            "Wait until a subject has a status.",
            "",
            "Wait until the subject has one of the given statuses (default: done), printing each of its",
            "changes as 'subject watch' does (stderr says first what it waits for); then show it as",
            "'subject get' does (--json: its document,",
            "animus.subject.wait.v1). Exit codes: 0 reached, 1 deleted or the watch ended, 124 the time was up",
            "(default 10m), 130 Ctrl-C."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject wait task:42",
            "  animus subject wait task:42 --status done --status blocked --timeout 90s"
        })
public final class SubjectWaitCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Parameters(index = "0", paramLabel = "<id>", description = "The subject, e.g. task:42.")
    String id;

    @Option(
            names = "--status",
            paramLabel = "<status>",
            converter = StatusConverter.class,
            completionCandidates = StatusConverter.Words.class,
            description = "A status to wait for (repeatable; default done): ${COMPLETION-CANDIDATES}.")
    List<SubjectStatus> statuses;

    @Option(
            names = "--timeout",
            paramLabel = "<duration>",
            description = "How long to wait, e.g. 90s, 10m (default 10m).")
    String timeout;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        SubjectIds.require(id);
        Terminal t = root.terminal();
        Set<SubjectStatus> wanted =
                statuses == null || statuses.isEmpty() ? EnumSet.of(SubjectStatus.DONE) : EnumSet.copyOf(statuses);
        Duration limit = timeout == null ? Duration.ofMinutes(10) : DevCommand.duration(timeout, "--timeout");
        Optional<SigInt> sigint = Optional.empty();
        try {
            Thread waiting = Thread.currentThread();
            sigint = root.context().interactive() ? Optional.empty() : SigInt.install(waiting::interrupt);
            SubjectWait.Outcome outcome = SubjectWait.await(
                    SubjectLookup.endpoint(root),
                    id,
                    wanted,
                    limit,
                    first -> t.info("waiting for " + id + " to be " + words(wanted) + " (it is "
                            + first.status().wire() + "; Ctrl-C stops)"),
                    c -> {
                        if (!root.json) {
                            t.out().println(SubjectText.change(c, root.layout()));
                            t.out().flush();
                        }
                    },
                    System::nanoTime);
            return switch (outcome) {
                case SubjectWait.Reached r -> {
                    SubjectGetCommand.print(root, "wait", r.subject());
                    yield ExitCodes.OK;
                }
                case SubjectWait.Deleted d ->
                    throw new CommandFailed(ExitCodes.FAILED, "subject_deleted", id + " was deleted while waiting");
                case SubjectWait.Ended e ->
                    throw new CommandFailed(
                            ExitCodes.FAILED,
                            "watch_ended",
                            "the watch of " + id + " ended (it is "
                                    + e.last().status().wire() + "): " + e.reason());
                case SubjectWait.TimedOut o ->
                    throw new CommandFailed(
                            ExitCodes.TIMEOUT,
                            "wait_timed_out",
                            "timed out after " + DurationText.format(o.waited()) + " waiting for " + id + " to be "
                                    + words(wanted) + " (it is "
                                    + o.last().status().wire()
                                    + "; --timeout waits longer)");
            };
        } catch (InterruptedException e) {
            return ExitCodes.INTERRUPTED;
        } finally {
            sigint.ifPresent(SigInt::close);
            Thread.interrupted(); // a Ctrl-C that came as the wait ended must not reach the next command
        }
    }

    private static String words(Set<SubjectStatus> wanted) {
        return String.join(" or ", wanted.stream().map(SubjectStatus::wire).toList());
    }
}
