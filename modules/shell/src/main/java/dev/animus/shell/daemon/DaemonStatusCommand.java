package dev.animus.shell.daemon;

import dev.animus.core.DurationText;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus daemon status}: whether the project's daemon runs, and what it serves. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = {
            "Show whether the project's daemon runs.",
            "",
            "Show whether the project's daemon runs: its pid, uptime, version, control protocol, socket and",
            "how many plugins run. Exits 0 when it runs, 1 when none runs for the project."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon status", "  animus daemon status --json | jq .pid"})
public final class DaemonStatusCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        Terminal t = root.terminal();
        Optional<Running.Connected> running = Running.find(root);
        if (running.isEmpty()) {
            if (root.json) {
                t.printJson(Terminal.envelope("daemon.status")
                        .put("running", false)
                        .put("project_root", root.daemonScope().root().toString()));
                return ExitCodes.FAILED;
            }
            throw Running.notRunning(root.daemonScope());
        }
        JsonNode s = running.get().link().request("daemon/status", JsonNodeFactory.instance.objectNode());
        if (root.json) {
            ObjectNode env = Terminal.envelope("daemon.status").put("running", true);
            env.setAll((ObjectNode) s);
            env.put("log", running.get().scope().logFile().toString());
            t.printJson(env);
            return ExitCodes.OK;
        }
        Instant started = Instant.parse(s.path("started_at").asString());
        Duration up = Duration.between(started, Instant.now()).truncatedTo(ChronoUnit.SECONDS);
        var out = t.out();
        out.println("daemon " + s.path("pid").asLong() + " running for "
                + DurationText.format(up.isNegative() ? Duration.ZERO : up));
        out.println("  project   " + s.path("project_root").asString());
        out.println("  socket    " + s.path("socket").asString());
        out.println("  version   " + s.path("version").asString() + " (control protocol "
                + s.path("protocol_version").asString() + ")");
        out.println("  plugins   " + s.path("plugins").path("running").asLong() + " running, "
                + s.path("plugins").path("total").asLong() + " registered");
        out.println("  log       " + running.get().scope().logFile());
        out.flush();
        return ExitCodes.OK;
    }
}
