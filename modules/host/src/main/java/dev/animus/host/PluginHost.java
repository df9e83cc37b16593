package dev.animus.host;

import dev.animus.core.CrashWindow;
import dev.animus.core.HostHello;
import dev.animus.core.LifecyclePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The plugins of one host process: one {@link Supervisor} per registered plugin, the
 * {@code plugin_status_changed} events of all of them, and their shutdown.
 *
 * <p>Thread-safe. States: open → closed. {@link #close()} shuts every plugin down in parallel
 * (graceful steps, each bounded) and returns with no plugin process left; it is idempotent. If the
 * JVM is stopped instead (Ctrl-C, SIGTERM) the process module's shutdown hook kills every plugin
 * tree, so no orphan survives that either.
 */
public final class PluginHost implements AutoCloseable {

    /**
     * How the host runs plugins.
     *
     * @param crashLimit crashes within {@code crashSpan} that disable a plugin
     * @param timers the idle timers; the host owns them and closes them with itself
     * @param launcher the absolute path of the {@code animus} launcher, told to every plugin as
     *     {@code init_extensions.memory_mcp_stdio_command} (none: the key is left out)
     * @param logTap where every plugin's {@code log/entry} notifications go ({@link LogTap#NONE}:
     *     only to the request they arrive in)
     */
    public record Options(
            HostHello hello,
            int crashLimit,
            Duration crashSpan,
            HostClock clock,
            Timers timers,
            Optional<Path> launcher,
            LogTap logTap) {
        public Options {
            Objects.requireNonNull(hello, "hello");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(timers, "timers");
            CrashWindow.of(crashLimit, crashSpan); // validates
            Objects.requireNonNull(launcher, "launcher");
            Objects.requireNonNull(logTap, "logTap");
            launcher.ifPresent(l -> {
                if (!l.isAbsolute()) {
                    throw new IllegalArgumentException("the launcher's path must be absolute: " + l);
                }
            });
        }

        /** Options that tell plugins {@code launcher}, with no log tap. */
        public Options(
                HostHello hello,
                int crashLimit,
                Duration crashSpan,
                HostClock clock,
                Timers timers,
                Optional<Path> launcher) {
            this(hello, crashLimit, crashSpan, clock, timers, launcher, LogTap.NONE);
        }

        /** Options that tell plugins no launcher, with no log tap. */
        public Options(HostHello hello, int crashLimit, Duration crashSpan, HostClock clock, Timers timers) {
            this(hello, crashLimit, crashSpan, clock, timers, Optional.empty());
        }

        /** 5 crashes in 5 minutes, the system clock, real timers. */
        public static Options defaults(HostHello hello) {
            return new Options(
                    hello, CrashWindow.DEFAULT_LIMIT, CrashWindow.DEFAULT_SPAN, HostClock.system(), Timers.system());
        }

        /** These options telling plugins {@code launcher} (empty: none). */
        public Options withLauncher(Optional<Path> launcher) {
            return new Options(hello, crashLimit, crashSpan, clock, timers, launcher, logTap);
        }

        /** These options sending every plugin's {@code log/entry} notifications to {@code tap}. */
        public Options withLogTap(LogTap tap) {
            return new Options(hello, crashLimit, crashSpan, clock, timers, launcher, tap);
        }
    }

    private final Options options;
    private final StatusEvents events = new StatusEvents();
    private final SpawnWatch spawns = new SpawnWatch();
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Supervisor> supervisors = new LinkedHashMap<>();
    private boolean closed;

    private PluginHost(Options options) {
        this.options = options;
    }

    public static PluginHost create(Options options) {
        return new PluginHost(Objects.requireNonNull(options, "options"));
    }

    /**
     * Tells {@code listener} of every plugin process this host spawns from now on, as soon as it
     * exists ({@link SpawnWatch}), until the returned handle is closed.
     */
    public AutoCloseable onSpawn(SpawnWatch.Listener listener) {
        return spawns.add(listener);
    }

    /**
     * The supervisor of {@code registration}'s plugin. Registering the same thing again returns the
     * existing supervisor (its process stays warm); registering another launch or table under the
     * same name replaces it, shutting the old process down.
     */
    public Supervisor register(PluginRegistration registration) {
        Supervisor old;
        Supervisor fresh;
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the plugin host is closed");
            }
            old = supervisors.get(registration.name());
            if (old != null && old.registration().equals(registration)) {
                return old;
            }
            LifecyclePolicy policy =
                    LifecyclePolicy.defaults().withCrashThreshold(options.crashLimit(), options.crashSpan());
            fresh = new Supervisor(
                    registration,
                    options.hello(),
                    options.launcher(),
                    policy,
                    options.clock(),
                    options.timers(),
                    events,
                    options.logTap(),
                    spawns);
            supervisors.put(registration.name(), fresh);
        } finally {
            lock.unlock();
        }
        if (old != null) {
            old.close();
        }
        return fresh;
    }

    /** The supervisor of the plugin called {@code name}, if registered. */
    public Optional<Supervisor> find(String name) {
        lock.lock();
        try {
            return Optional.ofNullable(supervisors.get(name));
        } finally {
            lock.unlock();
        }
    }

    /** Every registered plugin's status, by name. */
    public List<PluginStatus> status() {
        return all().stream()
                .map(Supervisor::status)
                .sorted(Comparator.comparing(PluginStatus::name))
                .toList();
    }

    /** The {@code plugin_status_changed} events of every plugin of this host. */
    public StatusEvents events() {
        return events;
    }

    private List<Supervisor> all() {
        lock.lock();
        try {
            return new ArrayList<>(supervisors.values());
        } finally {
            lock.unlock();
        }
    }

    /** Shuts every plugin down in parallel and waits for them; idempotent. */
    @Override
    public void close() {
        List<Supervisor> toClose;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            toClose = new ArrayList<>(supervisors.values());
        } finally {
            lock.unlock();
        }
        List<Thread> closing = toClose.stream()
                .map(s -> RuntimeThreads.start("animus-close-" + s.name(), s::close))
                .toList();
        for (Thread t : closing) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        options.timers().close();
    }
}
