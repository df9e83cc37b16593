package dev.animus.shell;

import dev.animus.runtime.CallOptions;
import dev.animus.runtime.PluginStatus;
import dev.animus.runtime.Supervisor;
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
        Supervisor plugin = dev.supervisor();
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
        Terminal t = dev.root().terminal();
        if (dev.root().json) {
            var env = Terminal.envelope("plugin.dev.ping").put("plugin", name);
            status.pid().ifPresent(pid -> env.put("pid", pid));
            t.printJson(env.put("handshake_ms", launchMs).put("rtt_ms", millis(rtt)));
        } else {
            t.out().printf(Locale.ROOT, "pong from %s %s: round trip %.3f ms (started and initialized in %.0f ms)%n",
                    name, info.map(i -> i.version()).orElse("?"), millis(rtt), launchMs);
            t.out().flush();
        }
        return ExitCodes.OK;
    }

    static double millis(Duration d) {
        return d.toNanos() / 1_000_000.0;
    }
}
