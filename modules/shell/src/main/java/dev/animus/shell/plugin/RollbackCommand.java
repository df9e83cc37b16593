package dev.animus.shell.plugin;

import dev.animus.core.InstallRecord;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin rollback <name>}: go back to the previous code. */
@Command(
        name = "rollback",
        mixinStandardHelpOptions = true,
        description = {
            "Go back to an installed plugin's previous code.",
            "",
            "Swap an installed plugin's code with the previous one (kept by the last update). The plugin",
            "is then enabled for no agent; trust and consent of that code, if given before, still hold."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin rollback echo && animus plugin enable echo"})
public final class RollbackCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin with a previous version.")
    String name;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        InstallRecord now = root.animus().rollback(name);
        root.context().host().find(name).ifPresent(s -> s.stopProcess());
        if (root.json) {
            root.terminal()
                    .printJson(Terminal.envelope("plugin.rollback")
                            .put("name", name)
                            .put("sha256", now.digest())
                            .put("installed_at", now.installedAt().toString()));
        } else {
            var out = root.terminal().out();
            out.println(
                    "rolled back " + name + " to sha256 " + now.digest() + " (installed " + now.installedAt() + ")");
            DevInfo.row(out, "enabled", "for no agent until enabled again");
            DevInfo.row(out, "next", "animus plugin enable " + name);
            out.flush();
        }
        return ExitCodes.OK;
    }
}
