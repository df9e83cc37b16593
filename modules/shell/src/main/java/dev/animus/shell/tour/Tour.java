package dev.animus.shell.tour;

import dev.animus.runtime.Plugins;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.completion.ShellQuoting;
import dev.animus.shell.render.Terminal;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code animus tour}: the echo example's whole life, run for real in a throwaway home. Each step
 * is one ordinary command line, parsed by the same command tree a user's would be, in one plugin
 * host of the tour's own, so the plugin stays warm from the call to the status that shows it. What
 * each command writes (stdout, and its notes on stderr) is captured and shown under the command
 * line; when all goes well the tour writes nothing on stderr. The first step that fails stops the
 * tour with one error line naming it. However it ends, the host is closed (no plugin process is
 * left) and then the throwaway home removed, unless kept. Not thread-safe: one tour, one thread.
 */
final class Tour {
    private final Terminal terminal;
    private final boolean json;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private Tour(Terminal terminal, boolean json) {
        this.terminal = terminal;
        this.json = json;
    }

    /** Why the tour stopped: the step (1-based), its command's error line, its exit status. */
    private record Stop(int step, TourStep what, String message, int exitCode) {}

    /**
     * Runs the tour of {@code example} and returns the exit status: 0, or that of the step that failed.
     *
     * @param callerEnvironment the caller's environment; the tour's is derived from it (see {@link ThrowawayHome})
     * @param keep whether the throwaway home is left in place (and its path printed)
     * @param json whether to print one {@code animus.tour.v1} document instead of the transcript
     */
    static int run(
            Terminal terminal,
            Map<String, String> callerEnvironment,
            TourExample example,
            boolean keep,
            boolean json,
            boolean loop,
            Optional<String> loopSkipped) {
        return new Tour(terminal, json).run(callerEnvironment, example, keep, loop, loopSkipped);
    }

    private int run(
            Map<String, String> callerEnvironment,
            TourExample example,
            boolean keep,
            boolean loop,
            Optional<String> loopSkipped) {
        List<TourStep> steps = new ArrayList<>(TourStep.of(example));
        int plugin = steps.size();
        if (loop) {
            steps.addAll(LoopChapter.steps());
        }
        ThrowawayHome home = ThrowawayHome.create(callerEnvironment, keep);
        ObjectNode doc = Terminal.envelope("tour")
                .put("example", example.executable().toString())
                .put("directory", home.directory().toString())
                .put("kept", home.kept());
        ArrayNode done = doc.putArray("steps");
        Optional<Stop> stop = Optional.empty();
        try (home) {
            Map<String, String> env = home.environment(callerEnvironment, example.directory());
            introduce(home, env);
            Plugins host = Plugins.start(Plugins.Options.fromEnvironment(callerEnvironment));
            try {
                var inner = new Terminal(
                        InputStream.nullInputStream(), new PrintWriter(out, true), new PrintWriter(err, true), false);
                ShellContext context = ShellContext.oneShot(inner, env, host);
                for (int i = 0; i < plugin && stop.isEmpty(); i++) {
                    stop = step(context, home, i + 1, steps, done);
                }
                if (loop && stop.isEmpty()) {
                    try {
                        loopChapter(env, home);
                        for (int i = plugin; i < steps.size() && stop.isEmpty(); i++) {
                            stop = step(context, home, i + 1, steps, done);
                        }
                    } finally {
                        stopTheDaemon(context, home);
                    }
                }
            } finally {
                closeAndWait(host);
            }
        }
        if (stop.isPresent()) {
            return stopped(stop.get(), steps.size(), home);
        }
        if (json) {
            terminal.printJson(doc);
        } else {
            PrintWriter o = terminal.out();
            o.println();
            o.println(paint("1", "Done.") + " Discovered, installed, trusted, consented to, enabled, called and"
                    + " stopped " + example.name() + (loop ? "; a daemon did a task on its own" : "")
                    + "; no plugin process is left.");
            o.println("The first four steps are one command too: " + ShellQuoting.line(oneStep(example))
                    + " (one screen," + " one question; --yes answers it).");
            loopSkipped.ifPresent(why -> o.println("Skipped " + why + "."));
            o.println(leftBehind(home));
            o.flush();
        }
        return ExitCodes.OK;
    }

    /** The second chapter's heading and the project files it writes, shown before its first step. */
    private void loopChapter(Map<String, String> env, ThrowawayHome home) {
        Path tr = LoopChapter.onPath("tr", env.getOrDefault("PATH", ""))
                .orElseThrow(() -> new CommandFailed(
                        ExitCodes.FAILED,
                        "tour_tool_missing",
                        "the tour's stand-in provider runs 'tr', which is not on PATH"));
        List<Path> written = LoopChapter.configure(home.directory(), tr);
        if (json) {
            return;
        }
        PrintWriter o = terminal.out();
        o.println();
        o.println(paint("1", "The work loop")
                + ": a daemon that does a task on its own, with the image's bundled plugins.");
        o.println(
                "The tour writes the project's configuration (the provider's command, a 1-second dispatch, the prompt):");
        written.forEach(f -> o.println("  " + f));
        o.flush();
    }

    /**
     * Stops the tour project's daemon if it still runs (a step failed before the last), quietly:
     * the tour leaves no process, however it ends.
     */
    private static void stopTheDaemon(ShellContext context, ThrowawayHome home) {
        boolean interrupted = Thread.interrupted();
        try {
            Main.execute(new String[] {"--project-root", home.directory().toString(), "-q", "daemon", "stop"}, context);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The one-step install of docs/cli.md#one-confirmation, for the example. */
    private static List<String> oneStep(TourExample example) {
        return List.of(
                "animus", "plugin", "install", "--path", example.executable().toString());
    }

    /** Runs step {@code n}: prints its heading and command line, runs it, shows what it wrote. */
    private Optional<Stop> step(ShellContext context, ThrowawayHome home, int n, List<TourStep> steps, ArrayNode done) {
        TourStep s = steps.get(n - 1);
        if (!json) {
            PrintWriter o = terminal.out();
            o.println();
            o.println(paint("1", "[" + n + "/" + steps.size() + "] " + s.title()) + ": " + s.note());
            o.println(paint("36", "$ " + ShellQuoting.line(s.shown(false))));
            o.flush();
        }
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        int code = Main.execute(s.run(home.directory(), json).toArray(String[]::new), context);
        String printed = out.toString();
        List<String> notes = err.toString().lines().toList();
        Optional<Stop> failed = failure(n, s, code, printed, notes);
        if (failed.isPresent()) {
            if (!json) {
                show(
                        printed,
                        notes.stream().filter(l -> !l.startsWith("error: ")).toList());
            }
            return failed;
        }
        if (json) {
            ObjectNode d = done.addObject()
                    .put("title", s.title())
                    .put("command", ShellQuoting.line(s.shown(true)))
                    .put("exit_code", code);
            d.set("output", document(printed));
            ArrayNode w = d.putArray("notes");
            notes.forEach(w::add);
        } else {
            show(printed, notes);
        }
        return Optional.empty();
    }

    /**
     * Closes the host and waits for its plugins to be gone, even when Ctrl-C (an interrupt) stopped
     * a step: the host stops waiting for them when interrupted, and the throwaway home is removed
     * next. The interrupt is kept for the caller.
     */
    private static void closeAndWait(Plugins host) {
        boolean interrupted = Thread.interrupted();
        try {
            host.close();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Why step {@code n} failed, if it did: its error line and exit status, or the warning about
     * what its output should have shown and did not.
     */
    private static Optional<Stop> failure(int n, TourStep s, int code, String printed, List<String> notes) {
        if (code != ExitCodes.OK) {
            String message = notes.stream()
                    .filter(l -> l.startsWith("error: "))
                    .findFirst()
                    .map(l -> l.substring("error: ".length()))
                    .orElse("it exited with status " + code);
            return Optional.of(new Stop(n, s, message, code));
        }
        return s.mustShow()
                .filter(text -> !printed.contains(text))
                .map(text -> new Stop(
                        n,
                        s,
                        notes.stream()
                                .filter(l -> l.startsWith("warning: ") && l.contains(text))
                                .findFirst()
                                .map(l -> l.substring("warning: ".length()))
                                .orElse(text + " is not in its output"),
                        ExitCodes.FAILED));
    }

    private void introduce(ThrowawayHome home, Map<String, String> env) {
        if (json) {
            return;
        }
        PrintWriter o = terminal.out();
        o.println(paint("1", "Animus tour") + ": an example plugin from discovery to shutdown, in a throwaway home.");
        o.println("Each step runs the command shown after '$'. To run them yourself, set the same scene first:");
        o.println(paint(
                "36",
                "$ "
                        + ShellQuoting.line(List.of(
                                "export",
                                "ANIMUS_HOME=" + env.get("ANIMUS_HOME"),
                                "ANIMUS_PLUGIN_PATH=" + env.get("ANIMUS_PLUGIN_PATH")))));
        o.println(paint(
                "36", "$ " + ShellQuoting.line(List.of("cd", home.directory().toString()))));
        o.flush();
    }

    private void show(String printed, List<String> notes) {
        PrintWriter o = terminal.out();
        o.print(printed);
        if (!printed.isEmpty() && !printed.endsWith("\n")) {
            o.println();
        }
        notes.forEach(o::println);
        o.flush();
    }

    private int stopped(Stop stop, int total, ThrowawayHome home) {
        if (!json) {
            terminal.out().println();
            terminal.out().println(leftBehind(home));
            terminal.out().flush();
        }
        terminal.error("the tour stopped at step " + stop.step() + "/" + total + " ("
                + stop.what().title() + ": " + ShellQuoting.line(stop.what().shown(json)) + "): " + stop.message());
        return stop.exitCode();
    }

    private static String leftBehind(ThrowawayHome home) {
        Path dir = home.directory();
        if (!home.kept()) {
            return "Removed the throwaway home " + dir + " (--keep keeps it).";
        }
        String quoted = ShellQuoting.word(dir.toString());
        return "Kept the throwaway home: " + dir + System.lineSeparator()
                + "  look around: ANIMUS_HOME="
                + ShellQuoting.word(home.animusHome().toString())
                + " animus plugin list" + System.lineSeparator()
                + "  remove it:   chmod -R u+w " + quoted + " && rm -rf " + quoted;
    }

    private static JsonNode document(String printed) {
        try {
            return printed.isBlank()
                    ? Terminal.json().nullNode()
                    : Terminal.json().readTree(printed);
        } catch (JacksonException e) {
            return Terminal.json().getNodeFactory().stringNode(printed);
        }
    }

    private String paint(String sgr, String text) {
        return terminal.colour() ? "\u001b[" + sgr + "m" + text + "\u001b[0m" : text;
    }
}
