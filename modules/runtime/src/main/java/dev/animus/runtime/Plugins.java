package dev.animus.runtime;

import dev.animus.core.HostHello;
import dev.animus.host.LogTap;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginLogLine;
import dev.animus.host.PluginRegistration;
import dev.animus.host.PluginStatus;
import dev.animus.host.ProjectBinding;
import dev.animus.host.SpawnWatch;
import dev.animus.providers.AgentSessions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The plugins this process runs, kept warm between the use cases of one front end (the commands of
 * one script or interactive shell): the application API's handle on the plugin host. Close it to
 * stop them.
 */
public final class Plugins implements AutoCloseable {
    /**
     * The variable the {@code animus} launcher sets to its own absolute path; plugins are told it
     * as {@code init_extensions.memory_mcp_stdio_command} (docs/protocol.md#the-initialize-request).
     */
    public static final String LAUNCHER_VARIABLE = "ANIMUS_LAUNCHER";

    /**
     * How the plugins of one host are started.
     *
     * @param hello how plugins are greeted in {@code initialize}
     * @param projectBinding the project every plugin of this host serves (a daemon's), unless its
     *     registration names its own ({@link Animus#register(dev.animus.install.Permit, Plugins, Optional)});
     *     none: a plugin is bound only when its registration says so
     * @param launcher the absolute path of the {@code animus} launcher told to every plugin (none:
     *     not told)
     * @param logTap where every plugin's {@code log/entry} notifications go, inside a request or not
     *     ({@link LogTap#NONE}: only to the request they arrive in)
     */
    public record Options(
            HostHello hello, Optional<ProjectBinding> projectBinding, Optional<Path> launcher, LogTap logTap) {
        public Options {
            Objects.requireNonNull(hello, "hello");
            Objects.requireNonNull(logTap, "logTap");
            Objects.requireNonNull(projectBinding, "projectBinding");
            Objects.requireNonNull(launcher, "launcher");
            launcher.ifPresent(l -> {
                if (!l.isAbsolute()) {
                    throw new IllegalArgumentException("the launcher's path must be absolute: " + l);
                }
            });
        }

        /** These options with no log tap. */
        public Options(HostHello hello, Optional<ProjectBinding> projectBinding, Optional<Path> launcher) {
            this(hello, projectBinding, launcher, LogTap.NONE);
        }

        /** Greeting plugins as this Animus version; no binding, no launcher. */
        public static Options defaults() {
            return new Options(HostHello.animus(HostVersion.current()), Optional.empty(), Optional.empty());
        }

        /**
         * {@link #defaults} with the launcher {@code environment} names in {@value #LAUNCHER_VARIABLE}
         * (the {@code animus} launcher sets it to its own path); an unset, empty or relative value
         * names none.
         */
        public static Options fromEnvironment(Map<String, String> environment) {
            return defaults().withLauncher(launcherIn(environment));
        }

        /** These options, every plugin bound to {@code binding}. */
        public Options withProjectBinding(ProjectBinding binding) {
            return new Options(hello, Optional.of(binding), launcher, logTap);
        }

        /** These options, telling plugins {@code launcher} (empty: none). */
        public Options withLauncher(Optional<Path> launcher) {
            return new Options(hello, projectBinding, launcher, logTap);
        }

        /** These options, greeting plugins with {@code hello}. */
        public Options withHello(HostHello hello) {
            return new Options(hello, projectBinding, launcher, logTap);
        }

        /** These options, sending every plugin's {@code log/entry} notifications to {@code tap}. */
        public Options withLogTap(LogTap tap) {
            return new Options(hello, projectBinding, launcher, tap);
        }

        /**
         * These options, telling {@code lines} every plugin's {@code log/entry} (inside a request or
         * not) and {@code lost} how many of a plugin's were dropped; both are called on the plugins'
         * log pumps and must hand off without blocking ({@link LogTap}).
         */
        public Options withLogLines(
                java.util.function.Consumer<PluginLogLine> lines, java.util.function.BiConsumer<String, Long> lost) {
            Objects.requireNonNull(lines, "lines");
            Objects.requireNonNull(lost, "lost");
            return withLogTap(new LogTap() {
                @Override
                public void accept(PluginLogLine line) {
                    lines.accept(line);
                }

                @Override
                public void lost(String plugin, long count) {
                    lost.accept(plugin, count);
                }
            });
        }
    }

    private final PluginHost host;
    private final Options options;
    // one session map per host: every Agents over these plugins cancels the runs of the others
    private final AgentSessions sessions = AgentSessions.create(InstantSource.system());
    private final HookSessions hookSessions = new HookSessions();

    private Plugins(PluginHost host, Options options) {
        this.host = host;
        this.options = options;
    }

    /** A host with the default crash policy, greeting plugins as this Animus version. */
    public static Plugins start() {
        return start(Options.defaults());
    }

    /** A host with the default crash policy, greeting plugins with {@code hello}. */
    public static Plugins start(HostHello hello) {
        return start(Options.defaults().withHello(hello));
    }

    /**
     * A host with the default crash policy, greeting plugins with {@code hello}, every plugin bound
     * to {@code binding}: it runs in the project's root and is told the root in {@code initialize}.
     */
    public static Plugins start(HostHello hello, ProjectBinding binding) {
        return start(Options.defaults().withHello(hello).withProjectBinding(binding));
    }

    /** A host with the default crash policy, starting plugins as {@code options} say. */
    public static Plugins start(Options options) {
        Objects.requireNonNull(options, "options");
        return new Plugins(
                PluginHost.create(PluginHost.Options.defaults(options.hello())
                        .withLauncher(options.launcher())
                        .withLogTap(options.logTap())),
                options);
    }

    /** How this host starts plugins. */
    public Options options() {
        return options;
    }

    /**
     * Registers {@code registration}: an equal one keeps its warm process, another replaces it.
     * Nothing starts until the first call.
     */
    public PluginHandle register(PluginRegistration registration) {
        return new PluginHandle(host.register(registration));
    }

    /** The plugin registered as {@code name}, if one is. */
    public Optional<PluginHandle> find(String name) {
        return host.find(name).map(PluginHandle::new);
    }

    /** The status of every registered plugin. */
    public List<PluginStatus> status() {
        return host.status();
    }

    /**
     * A subscription to the plugins' state changes ({@code everyTransition}: also the routine
     * ones); close it after use.
     */
    public StatusFeed subscribe(boolean everyTransition) {
        return new StatusFeed(host.events().subscribe(everyTransition));
    }

    /**
     * A subscription to every state change of the plugins' processes but each call's own Ready ↔
     * Busy ({@link dev.animus.core.StatusChange#callTransition}), which would wake its reader twice
     * per call: what a long-lived observer of processes (the daemon) wants. Close it after use.
     */
    public StatusFeed subscribeToProcessChanges() {
        return new StatusFeed(host.events().subscribe(change -> !change.callTransition()));
    }

    /**
     * Tells {@code listener} of every plugin process started from now on, the moment it exists,
     * before its handshake (the daemon records it there: docs/operations.md#orphaned-plugins-are-reaped),
     * until the returned handle is closed.
     */
    public AutoCloseable onSpawn(SpawnWatch.Listener listener) {
        return host.onSpawn(listener);
    }

    private static Optional<Path> launcherIn(Map<String, String> environment) {
        String value = environment.getOrDefault(LAUNCHER_VARIABLE, "");
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path p = Path.of(value);
            return p.isAbsolute() ? Optional.of(p.normalize()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    PluginHost host() {
        return host;
    }

    AgentSessions sessions() {
        return sessions;
    }

    HookSessions hookSessions() {
        return hookSessions;
    }

    /** Stops every plugin and waits for them to be gone (not longer when interrupted). */
    @Override
    public void close() {
        hookSessions.close();
        host.close();
    }
}
