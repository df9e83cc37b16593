package dev.animus.shell;

import dev.animus.core.HostHello;
import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonInfo;
import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.RunningDaemon;
import dev.animus.discovery.AnimusPaths;
import dev.animus.discovery.Discovery;
import dev.animus.host.ProjectBinding;
import dev.animus.runtime.Animus;
import dev.animus.runtime.BuildInfo;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.PathUnreadable;
import dev.animus.runtime.Settings;
import dev.animus.shell.dev.JsonAsParams;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.repl.Repl;
import dev.animus.shell.repl.ScriptMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The root of the command tree. */
@Command(
        name = "animus",
        mixinStandardHelpOptions = true,
        versionProvider = AnimusCommand.Version.class,
        description =
                "Discover, trust, launch and supervise out-of-process plugins that speak JSON-RPC 2.0 over stdio.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin dev ./animus-plugin-echo call echo --params '{\"text\":\"hi\"}'",
            "  animus help plugin dev",
            "  animus --keep-going < commands.txt   # one command per line, plugins kept warm"
        })
public final class AnimusCommand implements Callable<Integer> {

    @Option(
            names = "--json",
            scope = ScopeType.INHERIT,
            preprocessor = JsonAsParams.class,
            description = "Print one JSON document with a versioned envelope instead of human output "
                    + "(on plugin call, '--json JSON' gives the params).")
    public boolean json;

    @Option(
            names = "--wide",
            scope = ScopeType.INHERIT,
            description = "Show tables with every value in full (digests, paths, times), however wide.")
    public boolean wide;

    @Option(
            names = {"-v", "--verbose"},
            scope = ScopeType.INHERIT,
            description = "Say more on stderr (plugin notifications, timings).")
    public boolean verbose;

    @Option(
            names = {"-q", "--quiet"},
            scope = ScopeType.INHERIT,
            description = "Say less on stderr: no notes or progress (warnings and errors stay).")
    public boolean quiet;

    @Option(
            names = "--project-root",
            paramLabel = "PATH",
            scope = ScopeType.INHERIT,
            description = "The project whose .animus/plugins/ is searched (default: the current directory); "
                    + "plugins then run in its root and are told it (project_binding).")
    Path projectRoot;

    @Option(
            names = "--include-system-path",
            scope = ScopeType.INHERIT,
            description = "Also look for plugins in the directories of $PATH (last, after every other source).")
    public boolean includeSystemPath;

    @Option(
            names = "--agent",
            paramLabel = "NAME",
            scope = ScopeType.INHERIT,
            description =
                    "The agent a plugin is called, enabled or disabled for (default: config.toml's agent, else default).")
    public String agent;

    @Option(
            names = "--no-daemon",
            scope = ScopeType.INHERIT,
            description = "Run plugins in this process even when the project's daemon runs (see 'animus daemon').")
    public boolean noDaemon;

    @Option(
            names = "--keep-going",
            description = "With commands read from stdin: run the rest after a command fails "
                    + "(the exit status is then that of the last failing command).")
    boolean keepGoing;

    private final ShellContext context;
    private Settings settings;
    /** The daemon this command line uses, found once when first asked. */
    private Optional<DaemonLink> daemon = Optional.empty();

    private boolean daemonLookedUp;

    AnimusCommand(ShellContext context) {
        this.context = context;
    }

    /** This command line's terminal ({@link Terminal#quieted} with {@code -q}). */
    public Terminal terminal() {
        return quiet ? context.terminal().quieted() : context.terminal();
    }

    public Map<String, String> environment() {
        return context.environment();
    }

    public ShellContext context() {
        return context;
    }

    /** Where Animus keeps and looks for things, from the environment and {@code --project-root}. */
    public AnimusPaths paths() {
        try {
            return AnimusPaths.from(context.environment(), projectRoot == null ? Path.of("") : projectRoot);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "invalid_paths", e.getMessage());
        }
    }

    /**
     * The project this command line's plugins are bound to: with {@code --project-root}, that
     * project's canonical root (the plugins run there and are told it in {@code initialize}); without,
     * none (they run in the caller's working directory).
     *
     * @throws CommandFailed (exit 2) when the given root is not an existing directory
     */
    public Optional<ProjectBinding> projectBinding() {
        if (projectRoot == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(animus().projectBinding());
        } catch (PathUnreadable e) {
            throw new CommandFailed(ExitCodes.USAGE, "project_root_invalid", "--project-root " + e.getMessage());
        }
    }

    /** The agent of this command line: {@code --agent}, else config.toml's {@code agent}, else {@code default}. */
    public String agent() {
        return agent == null ? settings().agent() : agent;
    }

    /**
     * The operator's defaults (config.toml) for this command line's home, read once per command;
     * a broken file is warned about once per process.
     */
    public Settings settings() {
        if (settings == null) {
            settings = Settings.load(paths().home(), environment());
            warnOnce(settings, context);
        }
        return settings;
    }

    /** The width config.toml's {@code table.width} asks tables to fit, when it is a number (empty: {@code auto}). */
    OptionalInt configuredTableWidth() {
        return settings().tableWidth().map(OptionalInt::of).orElseGet(OptionalInt::empty);
    }

    /** Warns about {@code settings}' broken file, unless this process already did. */
    static void warnOnce(Settings settings, ShellContext context) {
        settings.problem().ifPresent(p -> {
            if (context.warnedAbout().add(settings.file())) {
                context.terminal().warn(p);
            }
        });
    }

    /**
     * How this command line's human output is laid out (docs/cli.md#table-width): {@code --wide},
     * else the configured table width, else the terminal's, else 80.
     */
    public Layout layout() {
        return Layout.resolve(wide, configuredTableWidth(), terminal().columns(), environment());
    }

    /** Whether {@code --agent} was given. */
    public boolean agentGiven() {
        return agent != null;
    }

    /**
     * The daemon scope of this command line's project ({@code --project-root}, else the nearest
     * ancestor with {@code .animus/}, else the working directory).
     *
     * @throws CommandFailed when the project root is not a directory or no home can be named
     */
    public DaemonScope daemonScope() {
        try {
            return DaemonScope.of(
                    environment(), Optional.ofNullable(projectRoot), Path.of("").toAbsolutePath());
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
    }

    /**
     * The project's running daemon, for the commands that use it when one runs
     * (docs/daemon.md#the-cli-uses-a-running-daemon): empty with {@code --no-daemon}, when none
     * runs (said with {@code -v}), or when the one found does not answer (a warning: the command
     * then runs in this process).
     */
    public Optional<DaemonLink> daemon() {
        if (!daemonLookedUp) {
            daemon = findDaemon(); // once per command line: a command looks up and calls through one
            daemonLookedUp = true;
        }
        return daemon;
    }

    private Optional<DaemonLink> findDaemon() {
        if (noDaemon) {
            return Optional.empty();
        }
        DaemonScope scope;
        try {
            scope = DaemonScope.of(
                    environment(), Optional.ofNullable(projectRoot), Path.of("").toAbsolutePath());
        } catch (DaemonFailure e) {
            return Optional.empty(); // the in-process command says what is wrong with the project
        }
        Optional<DaemonInfo> running = RunningDaemon.find(scope);
        if (running.isEmpty()) {
            if (verbose) {
                terminal().info("no daemon runs for " + scope.root() + ": running in this process");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(context.daemonLink(running.get().socket()));
        } catch (DaemonFailure e) {
            terminal()
                    .warn("the daemon (pid " + running.get().pid() + ") does not answer: " + e.getMessage()
                            + "; running in this process");
            return Optional.empty();
        }
    }

    /** The persisted side: state document, store, lockfile of this command line's home and project. */
    public Animus animus() {
        return context.animus(paths());
    }

    /**
     * A discovery over this command line's sources: installed plugins first, and any other binary
     * probed only when its digest is trusted. An unreadable state document is one warning, and then
     * nothing is installed or trusted for this listing.
     */
    public Discovery discover(boolean includeSystemPath) {
        var animus = animus();
        return animus.discover(
                () -> animus.trustViewOr(e -> terminal()
                        .warn(Failures.ofException(e).getMessage()
                                + " (installed plugins are not listed, and no binary is run)")),
                includeSystemPath);
    }

    /**
     * No command: at a terminal the interactive shell; otherwise the commands read from stdin, one
     * per line (a script).
     */
    @Override
    public Integer call() {
        if (context.commandsOnStdin()) {
            throw new CommandLine.ParameterException(new CommandLine(this), "missing command");
        }
        ShellContext reading = context.asScript(globalOptions());
        if (context.terminal().interactive()) {
            return Repl.run(reading);
        }
        return ScriptMode.run(reading, keepGoing);
    }

    /** The global options given to {@code animus} itself, as words: the defaults of every command read. */
    private List<List<String>> globalOptions() {
        List<List<String>> given = new ArrayList<>();
        if (projectRoot != null) {
            given.add(List.of("--project-root", projectRoot.toAbsolutePath().toString()));
        }
        if (agent != null) {
            given.add(List.of("--agent", agent));
        }
        if (includeSystemPath) {
            given.add(List.of("--include-system-path"));
        }
        if (json) {
            given.add(List.of("--json"));
        }
        if (wide) {
            given.add(List.of("--wide"));
        }
        if (verbose) {
            given.add(List.of("--verbose"));
        }
        if (quiet) {
            given.add(List.of("--quiet"));
        }
        return given;
    }

    /**
     * {@code animus --version}: the build's version and the protocol it speaks, one line; with
     * {@code --verbose} also the commit and date of the build, the platform and the Java runtime.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Spec
        CommandSpec spec;

        /** picocli's, for the root: it injects the spec. */
        Version() {}

        /** The provider of {@code spec}'s command (any command takes --version, see HelpText). */
        Version(CommandSpec spec) {
            this.spec = spec;
        }

        @Override
        public String[] getVersion() {
            // -v is a global option: its value lives in the root command
            return lines(spec != null && spec.root().userObject() instanceof AnimusCommand root && root.verbose);
        }

        /** The version lines, without a command tree (Main's fast path prints the same). */
        static String[] lines(boolean verbose) {
            String first = "animus " + HostVersion.current() + " (protocol " + HostHello.PROTOCOL_VERSION + ", Java "
                    + Runtime.version().feature() + ")";
            if (!verbose) {
                return new String[] {first};
            }
            BuildInfo build = BuildInfo.current();
            return new String[] {
                first,
                "commit:   " + build.commit(),
                "built:    " + build.date(),
                "platform: " + System.getProperty("os.name").toLowerCase(Locale.ROOT) + "/"
                        + System.getProperty("os.arch"),
                "runtime:  " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.home") + ")"
            };
        }
    }
}
