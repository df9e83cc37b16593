package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** {@code animus daemon events}: the daemon's recent events, and with --follow every new one. */
@Command(
        name = "events",
        mixinStandardHelpOptions = true,
        description = {
            "Print the daemon's events.",
            "",
            "Print the daemon's recent events (the last 256): every plugin_status_changed (a plugin's process",
            "state, with the reason), daemon_started and daemon_stopping, and preflight results. With --follow,",
            "keep printing new ones as they happen, until Ctrl-C or the daemon stops. --json prints one",
            "event per line (animus.daemon.event.v1)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon events", "  animus daemon events --follow --json | jq -c 'select(.to==\"crashed\")'"
        })
public final class EventsCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = {"-f", "--follow"},
            description = "Keep printing new events as they happen.")
    boolean follow;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        Terminal t = root.terminal();
        return Follow.stream(
                root, "daemon/events", JsonNodeFactory.instance.objectNode().put("follow", follow), e -> {
                    if (root.json) {
                        var doc = Terminal.envelope("daemon.event");
                        doc.setAll((tools.jackson.databind.node.ObjectNode) e);
                        t.out().println(Terminal.json().writeValueAsString(doc));
                    } else {
                        t.out().println(line(e));
                    }
                    t.out().flush();
                });
    }

    /** One event as a line: time, type, then what it is about. */
    static String line(JsonNode e) {
        String type = e.path("type").asString();
        String at = e.path("at").asString();
        String what = switch (type) {
            case "plugin_status_changed" ->
                e.path("plugin").asString() + " " + e.path("from").asString() + " -> "
                        + e.path("to").asString()
                        + (e.path("reason").asString("").isEmpty()
                                ? ""
                                : " (" + e.path("reason").asString() + ")");
            case "daemon_started" ->
                "pid " + e.path("pid").asLong() + ", version "
                        + e.path("version").asString();
            case "daemon_stopping" -> e.path("reason").asString();
            case "agent_run_started" ->
                e.path("control_session_id").asString() + " on "
                        + e.path("provider").asString();
            case "agent_run_ended" ->
                e.path("control_session_id").asString() + " "
                        + e.path("outcome").asString()
                        + (e.has("exit_code") ? " (exit " + e.path("exit_code").asInt() + ")" : "")
                        + (e.path("client_gone").asBoolean() ? ", its client gone" : "");
            case "agent_run_cancelled" ->
                e.path("control_session_id").asString() + " ("
                        + e.path("reason").asString() + "; pid " + e.path("pid").asLong() + ")";
            default -> e.toString();
        };
        return at + "  " + type + "  " + what;
    }
}
