package dev.animus.shell;

import dev.animus.runtime.TrustService;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin remove <name>}: uninstall and forget a plugin. */
@Command(
        name = "remove",
        mixinStandardHelpOptions = true,
        description = {"Uninstall a plugin: forget its trust, consent, enablement and both installed versions, unpin",
            "it from plugins.lock, and delete store entries nothing else uses."},
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin remove echo", "  animus plugin remove echo --yes"})
final class RemoveCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Confirm.require(root, yes, "remove plugin " + name, "Remove plugin " + name
                + " and forget its trust, consent and enablement?");
        root.context().host().find(name).ifPresent(s -> s.stopProcess());
        List<String> freed = new TrustService(root.home()).remove(name);
        if (root.json) {
            var env = Terminal.envelope("plugin.remove").put("name", name);
            freed.forEach(env.putArray("removed_store_entries")::add);
            root.terminal().printJson(env);
        } else {
            root.terminal().out().println("removed " + name + (freed.isEmpty() ? "" : "; deleted " + freed.size()
                    + " store " + (freed.size() == 1 ? "entry" : "entries")));
            root.terminal().out().flush();
        }
        return ExitCodes.OK;
    }
}
