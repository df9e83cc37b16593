package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus web ...}: the project's transports and their browser UI (docs/cli.md#web). */
@Command(
        name = "web",
        mixinStandardHelpOptions = true,
        description = {
            "Serve and open the web dashboard.",
            "",
            "Serve the project's transports (plugins of kind transport_backend, such as the bundled HTTP",
            "transport) and open the dashboard they serve: the plugins, the subjects by status, the logs.",
            "Every request needs the daemon's web token; 'web open' hands it to the browser once."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus web open", "  animus web serve --bind 127.0.0.1:8765"})
public final class WebCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: try 'animus web --help'");
    }
}
