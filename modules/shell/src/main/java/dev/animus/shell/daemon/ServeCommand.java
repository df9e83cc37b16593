package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonRun;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.LogRouter;
import dev.animus.daemon.RunningDaemon;
import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.Transports;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.ShellThreads;
import dev.animus.shell.completion.DaemonCompletion;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import dev.animus.transports.TransportEndpoint;
import java.net.URI;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus web serve}: the project's transports in the foreground until Ctrl-C. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Serve the project's transports in the foreground.",
            "",
            "Start every enabled transport (plugin of kind transport_backend) in this process, tell each the",
            "project's control socket, print 'UI: <url>' (with the web token) and 'API (<plugin>): <url>', and",
            "serve until Ctrl-C or SIGTERM; then shut each transport down and leave no process. Beside the",
            "project's daemon when one runs; else the daemon runs in this process too, and stops with it.",
            "Exits 1 when no transport is installed (naming the install command) or none can start."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus web serve", "  animus web serve --bind 127.0.0.1:8765", "  animus web serve --json"})
public final class ServeCommand implements Callable<Integer> {
    private static final Pattern BIND = Pattern.compile("(\\[[0-9a-fA-F:]+\\]|[A-Za-z0-9.-]+):[0-9]{1,5}");

    @ParentCommand
    WebCommand web;

    @Option(
            names = "--bind",
            paramLabel = "ADDR",
            description = "HOST:PORT each transport binds (default: its table's, else 127.0.0.1 on a free port).")
    String bind;

    @Override
    public Integer call() {
        AnimusCommand root = web.root;
        Optional<String> bindAddr = Optional.ofNullable(bind);
        if (bindAddr.isPresent() && !BIND.matcher(bindAddr.get()).matches()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "web_bind",
                    "--bind must be HOST:PORT (e.g. 127.0.0.1:8765), got '" + bindAddr.get() + "'");
        }
        DaemonScope scope = root.daemonScope();
        Animus animus = root.context().animus(AnimusPaths.from(root.environment(), scope.root()));
        Optional<Running.Connected> running = Running.find(root);
        if (running.isPresent()) {
            return beside(root, animus, running.get(), bindAddr);
        }
        return withOwnDaemon(root, animus, scope, bindAddr);
    }

    /** Transports of this process against the daemon that runs: they stop with it, the daemon does not. */
    private static int beside(AnimusCommand root, Animus animus, Running.Connected running, Optional<String> bind) {
        DaemonScope scope = running.scope();
        String token = WebUrls.token(scope);
        Plugins plugins = Plugins.start(DaemonPlugins.options(root, scope));
        Transports transports;
        try {
            transports = animus.startTransports(
                    plugins, "default", scope.root(), running.info().socket(), bind, token);
        } catch (RuntimeException e) {
            plugins.close();
            throw e;
        }
        root.terminal().info("serving beside daemon " + running.info().pid() + " of " + scope.root());
        return serve(
                root,
                transports.endpoints(),
                token,
                () -> {
                    transports.close();
                    plugins.close();
                },
                () -> RunningDaemon.find(scope).isPresent());
    }

    /** No daemon runs: one in this process, whose transports bind {@code bind}; all of it stops at the end. */
    private static int withOwnDaemon(AnimusCommand root, Animus animus, DaemonScope scope, Optional<String> bind) {
        DaemonRun run;
        try {
            LogRouter logs = LogRouter.start(
                    LogRouter.Options.of(Optional.of(scope.eventsFile()), root.environment(), InstantSource.system()));
            Plugins plugins = Plugins.start(DaemonPlugins.options(root, scope).withLogLines(logs::accept, logs::lost));
            run = DaemonRun.start(
                    scope,
                    animus,
                    plugins,
                    HostVersion.current(),
                    Optional.empty(),
                    InstantSource.system(),
                    logs,
                    false,
                    List.of(DaemonCompletion.method(root.context(), animus, plugins)));
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            throw new CommandFailed(ExitCodes.FAILED, "daemon_socket", e.getMessage());
        }
        String token = WebUrls.token(scope);
        List<TransportEndpoint> endpoints;
        try {
            endpoints = run.daemon().startTransports(bind);
        } catch (RuntimeException e) {
            run.close();
            throw e;
        }
        root.terminal()
                .info("daemon " + ProcessHandle.current().pid() + " serving " + scope.root() + " in this process");
        return serve(
                root,
                endpoints,
                token,
                run::close,
                () -> !run.daemon().whenStopRequested().isDone());
    }

    /**
     * Prints what serves, then waits for Ctrl-C, SIGTERM or {@code alive} turning false (checked every
     * second); {@code close} (run once) stops everything.
     */
    private static int serve(
            AnimusCommand root,
            List<TransportEndpoint> endpoints,
            String token,
            Runnable close,
            BooleanSupplier alive) {
        AtomicBoolean closed = new AtomicBoolean();
        Runnable once = () -> {
            if (closed.compareAndSet(false, true)) {
                close.run();
            }
        };
        if (endpoints.isEmpty()) {
            once.run();
            throw WebServe.noTransport(root.daemonScope().root(), false);
        }
        CompletableFuture<String> stop = new CompletableFuture<>();
        Thread hook = ShellThreads.unstarted("animus-web-signal", () -> {
            stop.complete("signal");
            once.run();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        print(root, endpoints, token);
        String why = "";
        try {
            while (why.isEmpty()) {
                try {
                    why = stop.get(1, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    if (!alive.getAsBoolean()) {
                        why = "the daemon stopped";
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // Ctrl-C in the shell
            why = "interrupted";
        } catch (ExecutionException e) {
            why = "failed";
        }
        once.run();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs the same close
        }
        root.terminal().info("stopped (" + why + ")");
        return ExitCodes.OK;
    }

    private static void print(AnimusCommand root, List<TransportEndpoint> endpoints, String token) {
        Terminal t = root.terminal();
        if (root.json) {
            ObjectNode env = Terminal.envelope("web.serve");
            ArrayNode list = env.putArray("transports");
            for (TransportEndpoint e : endpoints) {
                ObjectNode o = list.addObject().put("plugin", e.plugin()).put("bound_addr", e.boundAddr());
                o.put("url", api(e).toString()).put("ui", e.ui());
                if (e.ui() && e.url().isPresent()) {
                    o.put("login_url", WebUrls.login(e.url().get(), token).toString());
                }
            }
            t.printJson(env);
            return;
        }
        endpoints.stream()
                .filter(TransportEndpoint::ui)
                .flatMap(e -> e.url().stream())
                .findFirst()
                .ifPresent(u -> t.out().println("UI: " + WebUrls.login(u, token)));
        for (TransportEndpoint e : endpoints) {
            t.out().println("API (" + e.plugin() + "): " + api(e));
        }
        t.out().flush();
        t.info("serving until Ctrl-C");
    }

    /** The transport's URL, else {@code http://<bound address>/}. */
    private static URI api(TransportEndpoint e) {
        return e.url().orElseGet(() -> URI.create("http://" + e.boundAddr() + "/"));
    }
}
