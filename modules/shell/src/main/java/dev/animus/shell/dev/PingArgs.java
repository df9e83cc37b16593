package dev.animus.shell.dev;

import dev.animus.core.OneLine;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** {@code --timeout} of a ping and how its outcome is printed, shared by {@code plugin ping} and {@code plugin dev ping}. */
public final class PingArgs {

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "2s",
            description = "Deadline of the ping (default: ${DEFAULT-VALUE}).")
    String timeout;

    /** Checks {@code --timeout}, then looks the plugin up and pings it. */
    public int run(AnimusCommand root, Supplier<? extends PluginEndpoint> target, String schema) {
        Duration deadline = DevCommand.duration(timeout, "--timeout");
        PluginEndpoint plugin = target.get();
        Duration rtt;
        try {
            plugin.describe(); // launch first, if needed, so the round trip is the ping's alone
            rtt = plugin.ping(CallOptions.defaults().withTimeout(deadline));
        } catch (RuntimeException e) {
            throw Failures.of(e);
        }
        PluginStatus status = plugin.status();
        var info = plugin.handshake().map(h -> h.pluginInfo());
        String name = info.map(i -> i.name()).orElse(plugin.name());
        double launchMs = millis(status.launchTime().orElse(Duration.ZERO));
        Terminal t = root.terminal();
        if (root.json) {
            var env = Terminal.envelope(schema).put("plugin", name);
            status.pid().ifPresent(pid -> env.put("pid", pid));
            t.printJson(env.put("handshake_ms", launchMs).put("rtt_ms", millis(rtt)));
        } else {
            t.out()
                    .printf(
                            Locale.ROOT,
                            "pong from %s %s: round trip %.3f ms (started and initialized in %.0f ms)%n",
                            OneLine.of(name),
                            OneLine.of(info.map(i -> i.version()).orElse("?")),
                            millis(rtt),
                            launchMs);
            t.out().flush();
        }
        return ExitCodes.OK;
    }

    static double millis(Duration d) {
        return d.toNanos() / 1_000_000.0;
    }
}
