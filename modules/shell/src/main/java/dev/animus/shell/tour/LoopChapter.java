package dev.animus.shell.tour;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The tour's second chapter (docs/cli.md#the-tour): the work loop of a daemon with the image's
 * bundled defaults. A task created with the dispatch label is queued by the daemon, leased by the
 * workflow runner, run through the bundled {@code cli} provider and marked done with the output as
 * a comment; then the daemon stops and nothing is left running. The provider runs {@code tr a-z
 * A-Z}: a harmless stand-in for an agent CLI, as the chapter says on screen.
 */
final class LoopChapter {
    /** The bundled plugins the chapter needs under {@code <image>/plugins/}. */
    static final List<String> BUNDLED =
            List.of("animus-provider-cli", "animus-subject-tasks", "animus-queue", "animus-workflow-runner");

    /** The first task of a fresh tasks database. */
    static final String TASK = "task:1";

    private LoopChapter() {}

    /** The executable {@code name} on {@code path} (a PATH value), if there is one. */
    static Optional<Path> onPath(String name, String path) {
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir).resolve(name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** Whether this runtime is an image that ships the plugins the chapter needs. */
    static boolean available() {
        Path plugins = Path.of(System.getProperty("java.home")).resolve("plugins");
        return BUNDLED.stream().allMatch(p -> Files.isDirectory(plugins.resolve(p)));
    }

    /** Why it cannot run here, in one line. */
    static String unavailable() {
        return "the work-loop chapter: it needs the plugins a release image bundles (" + String.join(", ", BUNDLED)
                + "), which this runtime lacks; 'scripts/animus tour' builds and runs the image";
    }

    /**
     * Writes the project's configuration the chapter runs with: the cli provider's command, a
     * one-second dispatch interval, the workflow's prompt.
     *
     * @return the files written, for the screen
     */
    static List<Path> configure(Path project, Path tr) {
        Path animus = project.resolve(".animus");
        try {
            Files.createDirectories(animus.resolve("providers"));
            Path cli = animus.resolve("providers").resolve("cli.toml");
            Files.writeString(
                    cli,
                    "# the tour's stand-in for an agent CLI: the prompt upper-cased\n" + "command = [\"" + tr
                            + "\", \"a-z\", \"A-Z\"]\n");
            Path daemon = animus.resolve("daemon.toml");
            Files.writeString(daemon, "[dispatch]\ninterval = \"1s\"\nlabel = \"dispatch\"\nconcurrency = 2\n");
            Path workflow = animus.resolve("workflow.toml");
            Files.writeString(workflow, "provider = \"cli\"\nprompt = \"{{title}}: {{description}}\"\n");
            return List.of(cli, daemon, workflow);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the tour's project files in " + animus, e);
        }
    }

    /** The steps, run in order in the project (the daemon is stopped by the last one). */
    static List<TourStep> steps() {
        return List.of(
                new TourStep(
                        "Defaults",
                        "the image's bundled plugins for every role the daemon needs: a provider, the tasks"
                                + " backend, the queue and the workflow runner, installed and granted after one"
                                + " confirmation (--yes answers it)",
                        List.of("plugin", "install-defaults", "--include-subjects", "--yes")),
                new TourStep(
                        "Daemon",
                        "the project's daemon: preflight finds every role served, then it launches the workflow"
                                + " runner and queues ready tasks labelled 'dispatch' every second",
                        List.of("daemon", "start"),
                        Optional.of("daemon started")),
                new TourStep(
                        "Task",
                        "a task for the loop; the provider is the bundled cli provider running 'tr a-z A-Z', a"
                                + " harmless stand-in for an agent CLI (the README says how to use a real one)",
                        List.of(
                                "subject",
                                "create",
                                "--kind",
                                "task",
                                "--title",
                                "Say hello",
                                "--description",
                                "from the tour",
                                "--label",
                                "dispatch")),
                new TourStep(
                        "Done",
                        "the daemon queues it, the runner leases it (in-progress), runs the provider, comments its"
                                + " output on the task and sets it done",
                        List.of("subject", "wait", TASK, "--timeout", "2m"),
                        Optional.of("SAY HELLO: FROM THE TOUR")),
                new TourStep(
                        "Queue",
                        "the queue's entry for the task, completed",
                        List.of("plugin", "call", "queue", "queue/list"),
                        Optional.of("\"done\"")),
                new TourStep(
                        "Stop",
                        "the daemon stops its plugins and leaves no process",
                        List.of("daemon", "stop"),
                        Optional.of("stopped")));
    }
}
