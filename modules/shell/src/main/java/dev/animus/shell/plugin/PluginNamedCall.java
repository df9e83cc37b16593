package dev.animus.shell.plugin;

import dev.animus.install.Permit;
import dev.animus.shell.dev.CallArgs;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin call <name> <method>}: one request to a discovered plugin. */
@Command(
        name = "call",
        mixinStandardHelpOptions = true,
        description = {
            "Send one request to an installed plugin.",
            "",
            "Send one request to an installed plugin, by name (see 'animus plugin list').",
            "It must be trusted, consented and enabled for the agent (--agent, default: default); its stored",
            "code is re-verified before it starts. The result is printed on stdout as JSON.",
            "Exit codes: 0 ok, 1 the plugin failed (error code and message), 2 usage or not allowed to run,",
            "3 its stored code changed, 124 timeout."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin call echo echo --params '{\"text\":\"hi\"}'",
            "  animus plugin call echo stream --params '{\"count\":3}' -v   # + notifications",
            "  animus plugin call linear linear/list --timeout 5m --json"
        })
public final class PluginNamedCall implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "The plugin.")
    String name;

    @Parameters(index = "1", paramLabel = "<method>", description = "The method to call.")
    String method;

    @Mixin
    CallArgs request;

    @Override
    public Integer call() {
        var permit = new AtomicReference<Permit>();
        return request.run(
                plugin.root,
                () -> {
                    permit.set(PluginLookup.permit(plugin.root, name));
                    return PluginLookup.supervisor(plugin.root, permit.get());
                },
                handle -> Stream.concat(permit.get().manifest().methods().stream(), Stream.of("health/check"))
                        .toList(),
                method,
                "plugin.call");
    }
}
