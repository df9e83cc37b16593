package dev.animus.shell.dev;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin dev <path> call <method>}: one request, its result on stdout as JSON. */
@Command(
        name = "call",
        mixinStandardHelpOptions = true,
        description = {
            "Send one request to a plugin binary.",
            "",
            "Start the plugin, perform the handshake and send one request.",
            "The result is printed on stdout as JSON; errors are one line on stderr.",
            "Exit codes: 0 ok, 1 the plugin failed (error code and message), 2 usage, 124 timeout."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin dev ./animus-plugin-echo call echo --params '{\"a\":1}'",
            "  echo '[1,2]' | animus plugin dev ./my-plugin call echo --params -",
            "  animus plugin dev ./slow-plugin call work --timeout 5m --json",
            "  animus plugin dev ./my-plugin call stream --params '{\"count\":3}' -v"
        })
public final class DevCall implements Callable<Integer> {

    @ParentCommand
    DevCommand dev;

    @Parameters(index = "0", paramLabel = "<method>", description = "The method to call.")
    String method;

    @Mixin
    CallArgs request;

    @Override
    public Integer call() {
        return request.run(
                dev.root(),
                dev::supervisor,
                plugin ->
                        plugin.handshake().map(h -> h.capabilities().methods()).orElse(List.of()),
                method,
                "plugin.dev.call");
    }
}
