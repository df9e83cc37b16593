package dev.animus.shell.dev;

import dev.animus.core.Deadlines;
import dev.animus.core.DurationText;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginRegistration;
import dev.animus.runtime.PluginHandle;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.plugin.PluginCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code animus plugin dev <path> ...}: the plugin author's command. Runs an untrusted binary in
 * place (no store, no trust check) and says so on stderr.
 */
@Command(
        name = "dev",
        mixinStandardHelpOptions = true,
        description = {
            "Run a plugin binary in place, for plugin authors.",
            "Nothing is verified or trusted: the binary runs as it is, with a cleared environment."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin dev ./animus-plugin-echo ping",
            "  animus plugin dev ./animus-plugin-echo info --json",
            "  echo '{\"a\":1}' | animus plugin dev ./my-plugin call echo --params -",
            "  API_URL=https://x animus plugin dev ./my-plugin --env API_URL call fetch"
        })
public final class DevCommand implements Runnable {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<path>", description = "The plugin executable.")
    Path path;

    @Option(
            names = "--env",
            paramLabel = "NAME",
            description = "Forward this variable of your environment to the plugin (repeatable). "
                    + "Nothing else leaves your environment but PATH HOME USER SHELL TERM TMPDIR LANG LC_ALL "
                    + "RUST_LOG RUST_BACKTRACE TZ.")
    List<String> env = new ArrayList<>();

    @Option(
            names = "--launch-timeout",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "How long spawn + initialize may take (default: ${DEFAULT-VALUE}).")
    String launchTimeout;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand after the path: ping, info or call");
    }

    AnimusCommand root() {
        return plugin.root;
    }

    /**
     * The plugin's supervisor in this process's host, registered under the file's name (so
     * {@code plugin status} shows it and a script's next command finds it warm). Says on stderr,
     * once per path, that the binary is untrusted.
     */
    PluginHandle supervisor() {
        Path exe = executable(path);
        Duration timeout = duration(launchTimeout, "--launch-timeout");
        var binding = root().projectBinding();
        LaunchSpec spec;
        try {
            spec = LaunchSpec.of(exe, env, root().environment()).withProjectBinding(binding);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "env_invalid", "--env: " + e.getMessage());
        }
        if (root().context().warnedAbout().add(exe)) {
            root().terminal()
                    .warn("running " + exe + " in place: untrusted, unverified (plugin dev is for plugin authors)");
        }
        return root().context()
                .host()
                .register(new PluginRegistration(
                        pluginName(), spec, TimeoutTable.defaults().with(TimeoutTable.LAUNCH, timeout)));
    }

    /**
     * {@code path} made absolute, when it is an executable file: what an author's command runs in
     * place ({@code plugin dev}, {@code plugin conformance}); else a usage error naming it.
     */
    static Path executable(Path path) {
        Path exe = path.toAbsolutePath().normalize();
        if (!Files.exists(exe)) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "file_not_found",
                    "no such file: " + path + " (give the path of a plugin executable)");
        }
        if (Files.isDirectory(exe) || !Files.isExecutable(exe)) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "not_executable", path + " is not an executable file (chmod +x " + path + "?)");
        }
        return exe;
    }

    /** The shortest deadline an option accepts: below it, messages would read "within 0ms". */
    static final Duration MIN_DEADLINE = Duration.ofMillis(1);
    /** The longest: a year is "no deadline" to the wire layer, and longer would overflow its clock. */
    static final Duration MAX_DEADLINE = Deadlines.NONE;

    /** The duration of a deadline option, from 1ms to 365d; anything else is a usage error. */
    public static Duration duration(String text, String option) {
        try {
            return DurationText.parseWithin(text, MIN_DEADLINE, MAX_DEADLINE);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "duration_invalid", option + ": " + e.getMessage());
        }
    }

    String pluginName() {
        return path.getFileName().toString();
    }
}
