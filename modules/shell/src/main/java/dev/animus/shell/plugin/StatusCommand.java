package dev.animus.shell.plugin;

import dev.animus.core.DurationText;
import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLink;
import dev.animus.host.PluginStatus;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin status [name]}: the live process lifecycle of the plugins of this process. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = {
            "Show the plugins the daemon, or this process, has run.",
            "",
            "Show the plugins the project's daemon runs, when one runs (see 'animus daemon'), else the ones",
            "this animus process has run: lifecycle state, pid, uptime, requests in flight, restarts, crashes",
            "inside the crash window, and the last error.",
            "Plugins launch on first use and stay warm in the daemon, or within one process (a script, the",
            "shell); without a daemon, a one-shot 'animus plugin status' has run none."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  printf 'plugin dev ./animus-plugin-echo ping\\nplugin status\\n' | animus",
            "  animus plugin status echo --json     # inside a script or the shell"
        })
public final class StatusCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<name>", description = "Only this plugin.")
    String name;

    @Override
    public Integer call() {
        Optional<DaemonLink> daemon = plugin.root.daemon();
        List<PluginStatus> all;
        try {
            all = daemon.isPresent()
                    ? daemon.get().status()
                    : plugin.root.context().host().status();
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
        List<PluginStatus> shown = name == null
                ? all
                : all.stream().filter(s -> s.name().equals(name)).toList();
        if (name != null && shown.isEmpty()) {
            throw new CommandFailed(
                    ExitCodes.FAILED,
                    "not_running",
                    "no plugin named " + name + " has run yet"
                            + (all.isEmpty()
                                    ? ""
                                    : " (running: "
                                            + String.join(
                                                    ", ",
                                                    all.stream()
                                                            .map(PluginStatus::name)
                                                            .toList()) + ")"));
        }
        Terminal t = plugin.root.terminal();
        if (plugin.root.json) {
            ObjectNode env = Terminal.envelope("plugin.status");
            ArrayNode list = env.putArray("plugins");
            shown.forEach(s -> list.add(json(s)));
            t.printJson(env);
        } else if (shown.isEmpty()) {
            t.result(
                    daemon.isPresent()
                            ? "no plugins have run in the daemon yet (they launch on first use)"
                            : "no plugins have run in this process (they launch on first use; in a script or the shell, "
                                    + "'plugin status' shows the ones used so far; 'animus daemon start' keeps them running)");
        } else {
            table(t, plugin.root.layout(), shown);
        }
        return ExitCodes.OK;
    }

    private static ObjectNode json(PluginStatus s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", s.name());
        o.put("state", s.state().word());
        if (s.pid().isPresent()) {
            o.put("pid", s.pid().getAsLong());
        } else {
            o.putNull("pid");
        }
        s.uptime().ifPresentOrElse(u -> o.put("uptime_ms", u.toMillis()), () -> o.putNull("uptime_ms"));
        o.put("in_flight", s.inFlight());
        o.put("restarts", s.restarts());
        o.put("crashes_in_window", s.crashesInWindow());
        o.put("crash_limit", s.crashLimit());
        o.put("since", s.since().toString());
        s.lastError().ifPresentOrElse(e -> o.put("last_error", e), () -> o.putNull("last_error"));
        return o;
    }

    private static void table(Terminal t, Layout layout, List<PluginStatus> shown) {
        Table table =
                Table.of("NAME", "STATE", "PID", "UPTIME", "IN FLIGHT", "RESTARTS", "CRASHES", Table.end("LAST ERROR"));
        for (PluginStatus s : shown) {
            table.row(
                    s.name(),
                    s.state().word(),
                    s.pid().isPresent() ? Long.toString(s.pid().getAsLong()) : "-",
                    s.uptime().map(StatusCommand::roughly).orElse("-"),
                    Integer.toString(s.inFlight()),
                    Integer.toString(s.restarts()),
                    s.crashesInWindow() + "/" + s.crashLimit(),
                    s.lastError().map(layout::text).orElse("-"));
        }
        table.print(t.out(), layout);
    }

    /** Uptime to the second (to the millisecond below one second). */
    private static String roughly(Duration d) {
        return DurationText.format(
                d.compareTo(Duration.ofSeconds(1)) < 0
                        ? d.truncatedTo(ChronoUnit.MILLIS)
                        : d.truncatedTo(ChronoUnit.SECONDS));
    }
}
