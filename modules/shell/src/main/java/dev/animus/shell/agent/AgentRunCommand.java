package dev.animus.shell.agent;

import dev.animus.core.OneLine;
import dev.animus.core.Redaction;
import dev.animus.daemon.DaemonFailure;
import dev.animus.host.PluginCallFailed;
import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.ProviderFailure;
import dev.animus.providers.RunFailed;
import dev.animus.providers.RunnerEvent;
import dev.animus.runtime.AgentEndpoint;
import dev.animus.runtime.AgentJson;
import dev.animus.runtime.Agents;
import dev.animus.runtime.RunningAgent;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.PacedFlush;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/** {@code animus agent run}: one run on a provider, its answer streamed as it arrives. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run a prompt on a provider and stream its answer.",
            "",
            "Run a prompt on an installed provider and print the answer on stdout as it arrives; thinking and",
            "tool calls go to stderr. --json prints one JSON object a line instead (docs/cli.md#agent-runs).",
            "Ctrl-C sends agent/cancel to the provider and exits 130 once it confirms (or after 10s). The run",
            "happens in the project's daemon when one runs ('--no-daemon': in this process).",
            "Exit codes: the provider's exit code, 1 the run failed, 2 usage or no such provider, 124 timeout,",
            "130 cancelled."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus agent run --provider oai --prompt 'say hi'",
            "  git diff | animus agent run --provider oai --model qwen3 --prompt -",
            "  animus agent run --provider oai --resume conv-42 --prompt 'and then?' --json"
        })
public final class AgentRunCommand implements Callable<Integer> {

    @ParentCommand
    AgentCommand agent;

    @Option(names = "--provider", required = true, paramLabel = "<name>", description = "The provider to run on.")
    String provider;

    @Option(names = "--model", paramLabel = "<model>", description = "The model (default: the provider's).")
    String model;

    @Option(
            names = "--prompt",
            required = true,
            paramLabel = "<text>",
            description = "The prompt, or - to read it from stdin.")
    String prompt;

    @Option(
            names = "--resume",
            paramLabel = "<session>",
            description = "Continue the provider's session (the session_id of an earlier result).")
    String resume;

    @Option(names = "--timeout", paramLabel = "<duration>", description = "Deadline of the run, e.g. 90s, 10m.")
    String timeout;

    @Option(
            names = "--env",
            paramLabel = "<name=value>",
            description = "A variable for this run; only names the provider declares (or the base list) reach it.")
    List<String> env = new ArrayList<>();

    @Override
    public Integer call() {
        AnimusCommand root = agent.root;
        Terminal t = root.terminal();
        if (prompt.equals("-") && root.context().commandsOnStdin()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "prompt_from_stdin",
                    "--prompt - reads stdin, which holds the commands here; give the prompt inline: --prompt 'TEXT'");
        }
        AgentRequest request = request(t);
        AgentEndpoint agents = AgentLookup.endpoint(root);
        CountDownLatch announced = new CountDownLatch(1); // the run's id is printed before its events
        AtomicBoolean midLine = new AtomicBoolean(); // the last text printed did not end its line
        Thread waiting = Thread.currentThread();
        // built before the run starts (its first use generates a class): the first event never waits for it
        Optional<SigInt.Prepared> ctrlC =
                root.context().interactive() ? Optional.empty() : SigInt.prepare(waiting::interrupt);
        try (PacedFlush stdout = PacedFlush.of(t.out()::flush)) {
            RunningAgent run;
            try {
                run = agents.run(request, e -> {
                    awaitQuietly(announced);
                    show(t, root.json, e, midLine, stdout);
                });
            } catch (ProviderFailure | DaemonFailure e) {
                throw Failures.ofException(e);
            }
            // Ctrl-C cancels from here on: before the first event can show, so a caller that reacts to
            // the output with SIGINT always reaches agent/cancel, never the JVM's default exit
            Optional<SigInt> sigint = ctrlC.flatMap(SigInt.Prepared::install);
            try {
                try {
                    if (root.json) {
                        line(t, AgentJson.started(run.controlSessionId(), run.provider()));
                    } else {
                        t.info("session " + run.controlSessionId() + " on " + run.provider());
                    }
                } finally {
                    announced.countDown();
                }
                AgentOutcome outcome = run.await();
                stdout.finish(); // every event is out before the result's lines
                return ended(t, root.json, outcome);
            } catch (InterruptedException e) {
                stdout.finish();
                return cancel(t, agents, run, midLine);
            } catch (RunFailed e) {
                stdout.finish();
                return failed(t, root.json, e);
            } finally {
                sigint.ifPresent(SigInt::close);
                Thread.interrupted(); // a Ctrl-C that came as the run ended must not reach the next command
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private AgentRequest request(Terminal t) {
        String text = prompt.equals("-") ? stdin(t) : prompt;
        AgentRequest r = AgentRequest.of(provider, text);
        if (model != null) {
            r = r.withModel(model);
        }
        if (resume != null) {
            r = r.resuming(resume);
        }
        if (timeout != null) {
            r = r.withTimeout(DevCommand.duration(timeout, "--timeout"));
        }
        Map<String, String> extras = new LinkedHashMap<>();
        for (String kv : env) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        "env_invalid",
                        "--env " + kv + ": give NAME=VALUE (e.g. --env OPENAI_MODEL=qwen3)");
            }
            extras.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return r.withEnv(extras);
    }

    private static String stdin(Terminal t) {
        try {
            return new String(t.in().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the prompt from stdin", e);
        }
    }

    /**
     * One event as it arrives: stdout is flushed at once when the stream is slow (word by word), at
     * most every {@link PacedFlush#INTERVAL} when it is fast; stderr at once.
     */
    private static void show(Terminal t, boolean json, RunnerEvent e, AtomicBoolean midLine, PacedFlush stdout) {
        if (json) {
            t.writeJsonLine(AgentJson.event(e));
            stdout.wrote();
            return;
        }
        // instanceof, not a pattern switch: a switch's first run bootstraps a class (about a
        // millisecond in a fresh JVM), and its first run here is the first event's way to the screen
        if (e instanceof RunnerEvent.Output o) {
            if (!o.text().isEmpty()) {
                synchronized (midLine) { // a notice of cancel() never lands inside the text's line
                    t.out().print(safe(o.text()));
                    midLine.set(!o.text().endsWith("\n"));
                }
                stdout.wrote();
            }
        } else if (e instanceof RunnerEvent.Thinking th) {
            err(t, safe(th.text()));
        } else if (e instanceof RunnerEvent.ToolCall c) {
            err(
                    t,
                    "[tool] " + c.server().map(s -> s + "/").orElse("") + c.name() + " "
                            + OneLine.of(c.arguments().toString()) + "\n");
        } else if (e instanceof RunnerEvent.ToolResult r) {
            err(t, "[tool " + (r.success() ? "ok" : "failed") + "] " + r.name() + "\n");
        } else if (e instanceof RunnerEvent.Error er) {
            err(t, "[provider] " + OneLine.of(er.message()) + "\n");
        } // Metadata: progress and the like, which --json shows
    }

    private static void err(Terminal t, String text) {
        t.out().flush(); // what stdout holds came first: a terminal shows both in their order
        t.err().print(text);
        t.err().flush();
    }

    private static void line(Terminal t, JsonNode json) {
        t.printJsonLine(json);
    }

    /** Plugin text as the terminal may get it: secrets masked, control characters (but newlines and tabs) escaped. */
    static String safe(String text) {
        String masked = Redaction.maskKnown(text);
        if (plain(masked)) {
            return masked; // the common case: printable text, no copy
        }
        StringBuilder b = new StringBuilder(masked.length());
        masked.codePoints().forEach(c -> {
            if (c == '\n' || c == '\t' || !OneLine.isUnsafe(c)) {
                b.appendCodePoint(c);
            } else {
                b.append(String.format("\\u%04x", c));
            }
        });
        return b.toString();
    }

    /** Whether {@code text} holds nothing {@link #safe} would escape (ASCII checked without a code point walk). */
    private static boolean plain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\n' && c != '\t' : c >= 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static int ended(Terminal t, boolean json, AgentOutcome outcome) {
        if (json) {
            line(t, AgentJson.result(outcome));
        } else {
            if (!outcome.output().isEmpty() && !outcome.output().endsWith("\n")) {
                t.out().println();
            }
            t.out().flush();
            outcome.sessionId().ifPresent(s -> t.info("resume with --resume " + s));
        }
        return Math.clamp(outcome.exitCode(), 0, 255);
    }

    private static int failed(Terminal t, boolean json, RunFailed e) {
        CommandFailed f = Failures.ofException(e);
        if (json) {
            line(t, AgentJson.failure(e, f.exitCode()));
        } else if (!e.outputSoFar().isEmpty()) {
            t.out().println();
            t.out().flush();
        }
        t.error(f.getMessage());
        return f.exitCode();
    }

    /** Ctrl-C: agent/cancel to the run's process, then 130 once it confirms and the run ends, or after 10 s. */
    private static int cancel(Terminal t, AgentEndpoint agents, RunningAgent run, AtomicBoolean midLine) {
        long deadline = System.nanoTime() + Agents.CANCEL_TIMEOUT.toNanos();
        synchronized (midLine) { // the notice on a line of its own: text the provider streams on waits
            if (midLine.get()) {
                t.out().println();
                t.out().flush();
                midLine.set(false);
            }
            t.info("cancelling session " + run.controlSessionId());
        }
        try {
            agents.cancel(run.controlSessionId());
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            run.await(left);
        } catch (RunFailed e) {
            // the provider ended the cancelled run with an error (-32002, or its death): still a cancel
        } catch (ProviderFailure | PluginCallFailed | DaemonFailure e) {
            t.warn(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // a second Ctrl-C: leave at once
        }
        if (midLine.get()) {
            t.out().println(); // the prompt that follows starts its own line
        }
        t.out().flush();
        return ExitCodes.INTERRUPTED;
    }
}
