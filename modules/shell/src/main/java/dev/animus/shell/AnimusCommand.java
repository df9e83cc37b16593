package dev.animus.shell;

import dev.animus.runtime.HostVersion;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The root of the command tree. */
@Command(
        name = "animus",
        mixinStandardHelpOptions = true,
        versionProvider = AnimusCommand.Version.class,
        description = "Discover, trust, launch and supervise out-of-process plugins that speak JSON-RPC 2.0 over stdio.",
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin dev ./animus-plugin-echo call echo --params '{\"text\":\"hi\"}'",
            "  animus help plugin dev"},
        subcommands = {PluginCommand.class, HelpCommand.class})
final class AnimusCommand implements Runnable {

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print one JSON document with a versioned envelope instead of human output.")
    boolean json;

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Say more on stderr (plugin notifications, timings).")
    boolean verbose;

    private final Terminal terminal;
    private final Map<String, String> environment;

    AnimusCommand(Terminal terminal, Map<String, String> environment) {
        this.terminal = terminal;
        this.environment = Map.copyOf(environment);
    }

    Terminal terminal() {
        return terminal;
    }

    Map<String, String> environment() {
        return environment;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command");
    }

    /** {@code animus --version}: the build's version and the protocol it speaks. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"animus " + HostVersion.current() + " (protocol "
                    + dev.animus.core.HostHello.PROTOCOL_VERSION + ", Java " + Runtime.version().feature() + ")"};
        }
    }
}
