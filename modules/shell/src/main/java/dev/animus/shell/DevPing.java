package dev.animus.shell;

import dev.animus.runtime.PluginSession;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin dev <path> ping}: start the plugin, handshake, one {@code $/ping}. */
@Command(
        name = "ping",
        mixinStandardHelpOptions = true,
        description = "Start the plugin, perform the handshake and measure one $/ping round trip.",
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin dev ./animus-plugin-echo ping", "  animus plugin dev ./animus-plugin-echo ping --json"})
final class DevPing implements Callable<Integer> {

    @ParentCommand
    DevCommand dev;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "2s",
            description = "Deadline of the ping (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        Duration deadline = DevCommand.duration(timeout, "--timeout");
        try (PluginSession session = dev.launch()) {
            Duration rtt;
            try {
                rtt = session.ping(deadline);
            } catch (RuntimeException e) {
                session.kill();
                throw e;
            }
            Terminal t = dev.root().terminal();
            if (dev.root().json) {
                t.printJson(Terminal.envelope("plugin.dev.ping")
                        .put("plugin", session.initializeResult().pluginInfo().name())
                        .put("pid", session.pid())
                        .put("handshake_ms", millis(session.handshakeTime()))
                        .put("rtt_ms", millis(rtt)));
            } else {
                t.out().printf(Locale.ROOT, "pong from %s %s: round trip %.3f ms (started and initialized in %.0f ms)%n",
                        session.initializeResult().pluginInfo().name(),
                        session.initializeResult().pluginInfo().version(), millis(rtt),
                        millis(session.handshakeTime()));
                t.out().flush();
            }
            return ExitCodes.OK;
        } catch (RuntimeException e) {
            throw Failures.of(e, dev.pluginName(), "$/ping");
        }
    }

    static double millis(Duration d) {
        return d.toNanos() / 1_000_000.0;
    }
}
