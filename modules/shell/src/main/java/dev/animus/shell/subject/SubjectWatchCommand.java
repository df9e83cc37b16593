package dev.animus.shell.subject;

import dev.animus.runtime.SubjectWatch;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.agent.SigInt;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.SubjectChange;
import dev.animus.subjects.SubjectFilter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject watch [--kind K]}: one line per change, until Ctrl-C. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Print subjects' changes as they happen.",
            "",
            "Print a line for every change of a subject (created, updated, status-changed, deleted) of one",
            "kind or of every backend, as the backends report them (a backend that cannot report changes",
            "is polled instead), until Ctrl-C (exit 130). --json prints one JSON object a line",
            "(animus.subject.event.v1). A watch that ends on its own (its backend or the daemon stopped)",
            "exits 1, saying why."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus subject watch --kind task",
            "  animus subject watch --json | jq -c 'select(.change_kind==\"status-changed\")'"
        })
public final class SubjectWatchCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Option(names = "--kind", paramLabel = "<kind>", description = "Only this kind (default: every backend's).")
    String kind;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        Terminal t = root.terminal();
        Layout layout = root.layout();
        ReentrantLock printing = new ReentrantLock(); // one whole line at a time, from several backends
        Optional<SigInt> sigint = Optional.empty();
        try (SubjectWatch watch = SubjectLookup.endpoint(root)
                .watch(Optional.ofNullable(kind), SubjectFilter.all(), c -> print(t, root.json, layout, c, printing))) {
            Thread waiting = Thread.currentThread();
            sigint = root.context().interactive() ? Optional.empty() : SigInt.install(waiting::interrupt);
            t.info("watching " + (kind == null ? "every subject backend" : "kind " + kind) + " (Ctrl-C stops)");
            while (true) {
                Optional<String> ended = watch.await(Duration.ofMinutes(1));
                if (ended.isPresent()) {
                    throw ended(t, root.json, ended.get());
                }
            }
        } catch (InterruptedException e) {
            return ExitCodes.INTERRUPTED;
        } finally {
            sigint.ifPresent(SigInt::close);
            Thread.interrupted(); // a Ctrl-C that came as the watch ended must not reach the next command
        }
    }

    private static void print(Terminal t, boolean json, Layout layout, SubjectChange c, ReentrantLock printing) {
        printing.lock();
        try {
            if (json) {
                t.printJsonLine(SubjectJson.changed(c));
            } else {
                t.out().println(SubjectText.change(c, layout));
                t.out().flush();
            }
        } finally {
            printing.unlock();
        }
    }

    /** The failure of a watch that ended on its own; with --json its last line is printed first. */
    private static CommandFailed ended(Terminal t, boolean json, String reason) {
        CommandFailed f = new CommandFailed(ExitCodes.FAILED, "watch_ended", "the watch ended: " + reason);
        if (json) {
            t.printJsonLine(SubjectJson.ended(reason));
            return f.withDocumentPrinted(); // stdout stays one compact object a line
        }
        return f;
    }
}
