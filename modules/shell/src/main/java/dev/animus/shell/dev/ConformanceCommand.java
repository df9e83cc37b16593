package dev.animus.shell.dev;

import dev.animus.conformance.CheckResult;
import dev.animus.conformance.Report;
import dev.animus.core.OneLine;
import dev.animus.runtime.PluginConformance;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.plugin.PluginCommand;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code animus plugin conformance <path>}: the plugin author's check. Runs the binary, untrusted
 * and in place, through the language-neutral scenarios of {@code conformance/plugin} in a throwaway
 * home, and prints each check as it ends; exit 0 only when none failed.
 */
@Command(
        name = "conformance",
        mixinStandardHelpOptions = true,
        description = {
            "Check a plugin binary against the protocol.",
            "Each check runs the binary in a fresh process, in place and untrusted, in a throwaway home and project;"
                    + " a failure says what was sent, what came back, and how to fix it."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin conformance ./animus-plugin-echo",
            "  animus plugin conformance ./my-backend --kind subject_backend",
            "  animus plugin conformance ./my-plugin --junit target/conformance.xml",
            "  animus plugin conformance ./my-plugin --json | jq '.checks[].outcome'"
        })
public final class ConformanceCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<path>", description = "The plugin executable.")
    Path path;

    @Option(
            names = "--kind",
            paramLabel = "KIND",
            description = "Run this kind's checks instead of those of the kinds the plugin declares (repeatable):"
                    + " provider, subject_backend, trigger_backend, transport_backend, log_storage_backend.")
    List<String> kinds = new ArrayList<>();

    @Option(
            names = "--method",
            paramLabel = "METHOD",
            description = "The domain method the gating and cancellation checks call (default: the first one the"
                    + " plugin advertises); it is called with {} as params.")
    String method;

    @Option(
            names = "--env",
            paramLabel = "NAME",
            description = "Forward this variable of your environment to the plugin (repeatable); nothing else leaves"
                    + " it but the base allowlist, and HOME is the throwaway home.")
    List<String> env = new ArrayList<>();

    @Option(
            names = "--prompt",
            paramLabel = "TEXT",
            description = "The prompt the provider checks run (default: \"" + PluginConformance.DEFAULT_PROMPT + "\").")
    String prompt;

    @Option(
            names = "--only",
            paramLabel = "CHECK",
            split = ",",
            description = "Run only these checks, by id or pack name (repeatable, or comma-separated:"
                    + " --only pretty-frames,subject_backend); manifest and handshake always run.")
    List<String> only = new ArrayList<>();

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description = "How many checks (plugin processes) run at once (default: one per core, 2 to 4);"
                    + " 1 for a plugin that starts near its launch timeout.")
    int jobs = PluginConformance.Request.DEFAULT_JOBS;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the results as JUnit XML to FILE.")
    Path junit;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Terminal t = root.terminal();
        Path exe = DevCommand.executable(path);
        t.warn("running " + exe + " in place: untrusted, unverified (plugin conformance is for plugin authors)");
        boolean json = root.json;
        PrintWriter out = t.out();
        if (!json) {
            out.println("checking " + exe);
            out.flush();
        }
        Report report;
        try {
            report = PluginConformance.check(
                    new PluginConformance.Request(
                            exe,
                            root.environment(),
                            env,
                            kinds.isEmpty() ? Optional.empty() : Optional.of(kinds),
                            Optional.ofNullable(method),
                            Optional.ofNullable(prompt),
                            Set.copyOf(only),
                            jobs),
                    r -> {
                        if (!json) {
                            print(out, r);
                        }
                    });
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "conformance_usage", e.getMessage());
        }
        if (junit != null) {
            writeJunit(report);
        }
        if (json) {
            var doc = PluginConformance.json(report);
            t.printJson(doc);
        } else {
            out.println(summary(report));
            out.flush();
        }
        return report.passed() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private void writeJunit(Report report) {
        try {
            Path file = junit.toAbsolutePath();
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, PluginConformance.junit(report), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CommandFailed(
                    ExitCodes.FAILED,
                    "junit_unwritable",
                    "--junit " + junit + ": cannot write it (" + e.getMessage() + ")");
        }
    }

    static void print(PrintWriter out, CheckResult r) {
        String word = switch (r.outcome()) {
            case PASSED -> "pass";
            case FAILED -> "FAIL";
            case SKIPPED -> "skip";
        };
        out.printf(
                Locale.ROOT,
                "%s  %-26s %s%s%n",
                word,
                r.id(),
                OneLine.of(r.title()),
                r.outcome() == CheckResult.Outcome.SKIPPED
                        ? ""
                        : " (" + r.took().toMillis() + " ms)");
        switch (r.outcome()) {
            case PASSED -> {}
            case SKIPPED -> out.println("      " + OneLine.of(r.detail()));
            case FAILED -> {
                out.println("      " + OneLine.of(r.detail()));
                out.println("      fix: " + OneLine.of(r.hint()));
                r.transcript().forEach(l -> out.println("      " + OneLine.of(l)));
                if (!r.stderr().isEmpty()) {
                    out.println("      stderr:");
                    r.stderr().stream()
                            .skip(Math.max(0, r.stderr().size() - 5))
                            .forEach(l -> out.println("        " + OneLine.of(l)));
                }
            }
        }
        out.flush();
    }

    static String summary(Report report) {
        return String.format(
                Locale.ROOT,
                "%s: %d checks, %d passed, %d failed, %d skipped (%.1f s)%s",
                report.name(),
                report.results().size(),
                report.count(CheckResult.Outcome.PASSED),
                report.count(CheckResult.Outcome.FAILED),
                report.count(CheckResult.Outcome.SKIPPED),
                report.took().toMillis() / 1000.0,
                report.kinds().isEmpty() ? "" : "; kinds checked: " + String.join(", ", report.kinds()));
    }
}
