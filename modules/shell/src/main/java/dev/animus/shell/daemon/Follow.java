package dev.animus.shell.daemon;

import dev.animus.control.StreamEvent;
import dev.animus.daemon.DaemonStream;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Prints a daemon stream ({@code daemon/events}, {@code daemon/logs}) until it ends or Ctrl-C. */
final class Follow {
    private Follow() {}

    static int stream(AnimusCommand root, String method, ObjectNode params, Consumer<JsonNode> print) {
        Running.Connected running = Running.require(root);
        try (DaemonStream sub = running.link().follow(method, params, 4096)) {
            while (true) {
                Optional<StreamEvent> next = sub.next(Duration.ofSeconds(1));
                if (next.isEmpty()) {
                    continue;
                }
                switch (next.get()) {
                    case StreamEvent.Data d -> print.accept(d.data());
                    case StreamEvent.Lagged l ->
                        root.terminal().warn(l.missed() + " event(s) were dropped: this terminal read too slowly");
                    case StreamEvent.Closed c -> {
                        return c.reason().equals("end") || c.reason().equals("daemon stopping")
                                ? ExitCodes.OK
                                : closed(c.reason());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // Ctrl-C: the stream is cancelled by the close
            return ExitCodes.OK;
        }
    }

    private static int closed(String reason) {
        throw new CommandFailed(ExitCodes.FAILED, "daemon_stream_closed", "the daemon ended the stream: " + reason);
    }
}
