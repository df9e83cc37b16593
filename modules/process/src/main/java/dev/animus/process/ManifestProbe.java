package dev.animus.process;

import dev.animus.core.DurationText;
import dev.animus.core.OneLine;
import dev.animus.process.ProbeOutcome.Reason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code <binary> --manifest} (docs/protocol.md#manifest-probe) under hard bounds and says
 * what it printed.
 *
 * <p>The binary starts from exactly the given environment (the host's is cleared first; callers
 * pass the base allowlist only, docs/security.md#plugin-environment), with {@code --manifest} as
 * its only argument, stdin from {@code /dev/null} (it reads EOF at once), and as the leader of a
 * new session like a {@link PluginProcess}, so that its whole tree can be found and killed. stdout
 * and stderr are drained concurrently, each counted against its cap in {@link ProbeLimits}; passing
 * a cap stops the reading and kills the tree at once. The timeout bounds the whole probe.
 *
 * <p>When {@link #run} returns, no process of the probe's tree (its descendants and its session,
 * grandchildren that hold the pipes included) is running: the tree is SIGKILLed whatever the
 * outcome, and the pipes are not waited for beyond a short bound after that. Memory stays below
 * the caps plus one read chunk per pipe. Logs at debug level only.
 *
 * <p>Thread-safe and without shared state: every call owns its process and its threads, and many
 * may run at once.
 */
public final class ManifestProbe {
    /** The probe's one argument. */
    private static final String ARGUMENT = "--manifest";

    private static final Logger LOG = LoggerFactory.getLogger(ManifestProbe.class);
    private static final Optional<Path> SETSID = Setsid.path();
    private static final Path DEV_NULL = Path.of("/dev/null");
    private static final Map<Integer, String> SIGNALS = Map.ofEntries(
            Map.entry(1, "SIGHUP"),
            Map.entry(2, "SIGINT"),
            Map.entry(3, "SIGQUIT"),
            Map.entry(4, "SIGILL"),
            Map.entry(6, "SIGABRT"),
            Map.entry(7, "SIGBUS"),
            Map.entry(8, "SIGFPE"),
            Map.entry(9, "SIGKILL"),
            Map.entry(11, "SIGSEGV"),
            Map.entry(13, "SIGPIPE"),
            Map.entry(14, "SIGALRM"),
            Map.entry(15, "SIGTERM"));

    private ManifestProbe() {}

    /**
     * Runs {@code executable --manifest} within {@code limits}.
     *
     * <p>If the calling thread is interrupted, the tree is killed, the outcome is
     * {@link ProbeOutcome.Reason#TIMED_OUT} with a message saying so, and the interrupt flag is set
     * again on return.
     *
     * @param executable  the binary (a path; never looked up in {@code PATH})
     * @param environment its complete environment
     * @return {@link ProbeOutcome.Printed} on exit 0; otherwise {@link ProbeOutcome.Failed}; never throws
     *         for anything the binary does
     */
    public static ProbeOutcome run(Path executable, Map<String, String> environment, ProbeLimits limits) {
        return run(List.of(), executable, Optional.empty(), environment, limits);
    }

    /**
     * Runs {@code interpreter... executable --manifest} in {@code workingDirectory} (none: the
     * host's) within {@code limits}, as {@link #run(Path, Map, ProbeLimits)} does.
     *
     * @param interpreter what runs a script (an absolute interpreter path and its arguments); empty
     *                    to execute {@code executable} itself
     */
    public static ProbeOutcome run(
            List<String> interpreter,
            Path executable,
            Optional<Path> workingDirectory,
            Map<String, String> environment,
            ProbeLimits limits) {
        Objects.requireNonNull(interpreter, "interpreter");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(limits, "limits");
        Map<String, String> env = Map.copyOf(environment);
        long started = System.nanoTime();
        String shown = OneLine.of(executable.toString());
        Optional<String> refusal = refusal(executable, !interpreter.isEmpty());
        if (refusal.isPresent()) {
            return failed(Reason.SPAWN_FAILED, "cannot run " + shown + ": " + refusal.get(), started);
        }
        Process process;
        try {
            process = LiveRoots.spawn(builder(interpreter, executable, workingDirectory, env));
        } catch (IOException e) {
            return failed(
                    Reason.SPAWN_FAILED,
                    "cannot run " + shown + ": " + OneLine.of(String.valueOf(e.getMessage())),
                    started);
        }
        LOG.debug("probing {} (pid {})", executable, process.pid());
        try (ProbeRun run = ProbeRun.start(process, SETSID.isPresent(), limits)) {
            ProbeRun.End end = run.await(started, TimeUnit.NANOSECONDS.convert(limits.timeout()));
            ProbeOutcome outcome = outcome(end, run, shown, limits, started);
            LOG.debug("probe of {} (pid {}): {}", executable, run.pid(), outcome);
            return outcome;
        }
    }

    private static ProcessBuilder builder(
            List<String> interpreter, Path executable, Optional<Path> workingDirectory, Map<String, String> env) {
        List<String> command = new ArrayList<>(3 + interpreter.size());
        SETSID.ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(interpreter);
        command.add(executable.toAbsolutePath().toString());
        command.add(ARGUMENT);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(env);
        workingDirectory.ifPresent(d -> pb.directory(d.toFile()));
        return pb.redirectInput(DEV_NULL.toFile())
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.PIPE);
    }

    /** With setsid in front, a missing executable would only show as exit code 127: say it clearly. */
    private static Optional<String> refusal(Path executable, boolean interpreted) {
        if (!Files.exists(executable)) {
            return Optional.of("no such file");
        }
        if (!Files.isRegularFile(executable) || (!interpreted && !Files.isExecutable(executable))) {
            return Optional.of("not an executable file (chmod +x?)");
        }
        return Optional.empty();
    }

    private static ProbeOutcome outcome(
            ProbeRun.End end, ProbeRun run, String shown, ProbeLimits limits, long started) {
        return switch (end) {
            case ProbeRun.Exited(int code) when code == 0 -> new ProbeOutcome.Printed(run.stdoutText(), since(started));
            case ProbeRun.Exited(int code) -> exitedNonZero(code, run, shown, started);
            case ProbeRun.TimedOut() ->
                failed(
                        Reason.TIMED_OUT,
                        shown + " did not print its manifest within " + DurationText.format(limits.timeout())
                                + stderrSuffix(run),
                        started);
            case ProbeRun.Interrupted() ->
                failed(
                        Reason.TIMED_OUT,
                        "the probe of " + shown + " was interrupted after " + DurationText.format(since(started)),
                        started);
            case ProbeRun.StdoutTooLarge() ->
                failed(
                        Reason.STDOUT_TOO_LARGE,
                        shown + " printed more than " + size(limits.maxStdoutBytes())
                                + " on stdout; a manifest is far smaller",
                        started);
            case ProbeRun.StderrTooLarge() ->
                failed(
                        Reason.STDERR_TOO_LARGE,
                        shown + " wrote more than " + size(limits.maxStderrBytes()) + " on stderr",
                        started);
        };
    }

    private static ProbeOutcome exitedNonZero(int code, ProbeRun run, String shown, long started) {
        String excerpt = run.stderrExcerpt();
        // setsid reports an exec failure (bad interpreter, exec format) as 126/127 on its stderr
        if (SETSID.isPresent()
                && (code == 126 || code == 127)
                && run.stderrText().startsWith("setsid: ")) {
            return failed(Reason.SPAWN_FAILED, "cannot run " + shown + ": " + excerpt, started);
        }
        String said = excerpt.isEmpty() ? " and wrote nothing on stderr" : ": " + excerpt;
        if (new ExitStatus(code, List.of()).signalled()) {
            int signal = code - 128;
            String name = SIGNALS.getOrDefault(signal, "");
            return failed(
                    Reason.KILLED_BY_SIGNAL,
                    shown + " was killed by signal " + signal + (name.isEmpty() ? "" : " (" + name + ")") + said,
                    started);
        }
        return failed(Reason.EXITED_NONZERO, shown + " exited with code " + code + said, started);
    }

    private static String stderrSuffix(ProbeRun run) {
        String excerpt = run.stderrExcerpt();
        return excerpt.isEmpty() ? "" : "; stderr: " + excerpt;
    }

    /** {@code 1 MiB}, {@code 64 KiB}, {@code 100 bytes}. */
    static String size(int bytes) {
        if (bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes % 1024 == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + (bytes == 1 ? " byte" : " bytes");
    }

    private static ProbeOutcome.Failed failed(ProbeOutcome.Reason reason, String message, long started) {
        return new ProbeOutcome.Failed(reason, message, since(started));
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }
}
