package dev.animus.shell.plugin;

import dev.animus.core.SecretStore;
import dev.animus.core.SecretStoreFailed;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin remove <name>}: uninstall and forget a plugin. */
@Command(
        name = "remove",
        aliases = "rm",
        mixinStandardHelpOptions = true,
        description = {
            "Uninstall a plugin and forget everything about it.",
            "",
            "Uninstall a plugin: forget its trust, consent, enablement and both installed versions, unpin",
            "it from plugins.lock, delete store entries nothing else uses, and delete its stored secrets",
            "(unless --keep-secrets)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin remove echo", "  animus plugin remove echo --yes --keep-secrets"})
public final class RemoveCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(names = "--keep-secrets", description = "Keep the plugin's secrets in the secret store (for a reinstall).")
    boolean keepSecrets;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Confirm.require(
                root,
                yes,
                "remove plugin " + name,
                "Remove plugin " + name + " and forget its trust, consent and enablement?");
        root.context().host().find(name).ifPresent(s -> s.stopProcess());
        List<String> freed = root.animus().remove(name);
        List<String> forgotten = keepSecrets ? List.of() : forgetSecrets(root);
        if (root.json) {
            var env = Terminal.envelope("plugin.remove").put("name", name);
            freed.forEach(env.putArray("removed_store_entries")::add);
            forgotten.forEach(env.putArray("deleted_secrets")::add);
            root.terminal().printJson(env);
        } else {
            root.terminal()
                    .out()
                    .println("removed " + name
                            + (freed.isEmpty()
                                    ? ""
                                    : "; deleted " + freed.size() + " store "
                                            + (freed.size() == 1 ? "entry" : "entries"))
                            + (forgotten.isEmpty() ? "" : "; deleted its secrets " + String.join(", ", forgotten)));
            root.terminal().out().flush();
        }
        return ExitCodes.OK;
    }

    /** Deletes the plugin's stored secrets; a store that cannot answer is warned about, the removal stands. */
    private List<String> forgetSecrets(AnimusCommand root) {
        try {
            SecretStore store = root.animus().secrets();
            List<String> names = store.list(name);
            names.forEach(n -> store.delete(name, n));
            return names;
        } catch (SecretStoreFailed e) {
            root.terminal()
                    .warn("plugin " + name + " was removed, but its secrets were not deleted: " + e.getMessage());
            return List.of();
        }
    }
}
