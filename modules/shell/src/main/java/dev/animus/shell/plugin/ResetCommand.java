package dev.animus.shell.plugin;

import dev.animus.core.ProcessState;
import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLink;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin reset <name>}: enable a crash-looped plugin again and forget its crashes. */
@Command(
        name = "reset",
        mixinStandardHelpOptions = true,
        description = {
            "Re-enable a plugin disabled for crash-looping.",
            "",
            "Enable a plugin that was disabled for crash-looping, and forget its recent crashes.",
            "The next request launches it again."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin reset animus-plugin-echo     # inside a script or the shell"})
public final class ResetCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "The plugin, as 'plugin status' names it.")
    String name;

    @Override
    public Integer call() {
        Optional<DaemonLink> daemon = plugin.root.daemon();
        Optional<? extends PluginEndpoint> found;
        try {
            found = daemon.isPresent()
                    ? daemon.get().status().stream()
                            .filter(st -> st.name().equals(name))
                            .findFirst()
                            .map(st -> daemon.get().registered(name))
                    : plugin.root.context().host().find(name);
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
        PluginEndpoint s = found.orElseThrow(() -> new CommandFailed(
                ExitCodes.FAILED, "not_running", "no plugin named " + name + " has run yet (see 'plugin status')"));
        ProcessState before = s.status().state();
        s.reset();
        Terminal t = plugin.root.terminal();
        if (plugin.root.json) {
            t.printJson(Terminal.envelope("plugin.reset")
                    .put("name", name)
                    .put("was", before.word())
                    .put("state", s.status().state().word()));
        } else {
            t.result(
                    before == ProcessState.DISABLED
                            ? name + " enabled again; the next request launches it"
                            : name + " was not disabled (" + before.word() + "); its crash count is cleared");
        }
        return ExitCodes.OK;
    }
}
