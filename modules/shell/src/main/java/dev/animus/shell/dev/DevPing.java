package dev.animus.shell.dev;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin dev <path> ping}: start the plugin, handshake, one {@code $/ping}. */
@Command(
        name = "ping",
        mixinStandardHelpOptions = true,
        description = {
            "Measure one $/ping round trip of a plugin binary.",
            "",
            "Start the plugin, perform the handshake and measure one $/ping round trip."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin dev ./animus-plugin-echo ping",
            "  animus plugin dev ./animus-plugin-echo ping --json"
        })
public final class DevPing implements Callable<Integer> {

    @ParentCommand
    DevCommand dev;

    @Mixin
    PingArgs ping;

    @Override
    public Integer call() {
        return ping.run(dev.root(), dev::supervisor, "plugin.dev.ping");
    }
}
