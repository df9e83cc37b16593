package dev.animus.shell.plugin;

import dev.animus.shell.dev.PingArgs;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin ping <name>}: start a discovered plugin if needed and measure one {@code $/ping}. */
@Command(
        name = "ping",
        mixinStandardHelpOptions = true,
        description = {
            "Start an installed plugin and measure one $/ping.",
            "",
            "Start a plugin found by name if it is not running, and measure one $/ping round trip."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin ping echo", "  animus plugin ping echo --json"})
public final class PluginNamedPing implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "The plugin.")
    String name;

    @Mixin
    PingArgs ping;

    @Override
    public Integer call() {
        return ping.run(
                plugin.root,
                () -> PluginLookup.supervisor(plugin.root, PluginLookup.permit(plugin.root, name)),
                "plugin.ping");
    }
}
