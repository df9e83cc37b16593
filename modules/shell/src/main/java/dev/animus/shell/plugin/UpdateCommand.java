package dev.animus.shell.plugin;

import dev.animus.install.InstallChain;
import dev.animus.install.InstallReport;
import dev.animus.install.PluginInstaller;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Terminal;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin update <name> --path P}: replace an installed plugin's code, keeping one rollback. */
@Command(
        name = "update",
        mixinStandardHelpOptions = true,
        description = {
            "Replace an installed plugin's code.",
            "",
            "Replace an installed plugin's code with a local executable or plugin directory. The old code",
            "is kept for 'animus plugin rollback'. In the same act the new code is trusted (it runs once with",
            "--manifest, from the store), one screen shows what changed in its disclosure, and one question asks",
            "to trust, consent and enable it again for the agents it was enabled for (--agent when none; --yes",
            "answers it; without a terminal --yes is needed). A 'no', or any step that fails, leaves the old code",
            "in place as it was. --no-enable stops after the consent; --no-trust only replaces the code (nothing",
            "runs; it is then enabled for no agent until trusted, consented and enabled again). Given the code that is installed now, it",
            "restores a stored copy that changed or is gone, and its trust, consent and enablement stay."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin update echo --path ./animus-plugin-echo",
            "  animus plugin update echo --path ./animus-plugin-echo --yes",
            "  animus plugin update echo --path ./animus-plugin-echo --no-trust",
            "  animus plugin update echo --path ./animus-plugin-echo --force  # re-pin"
        })
public final class UpdateCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Option(
            names = "--path",
            paramLabel = "P",
            required = true,
            description = "The new executable or plugin directory.")
    Path path;

    @Option(names = "--force", description = "Update even if plugins.lock pins another digest (the pin is replaced).")
    boolean force;

    @Option(
            names = "--rewrite-lockfile",
            description = "Replace an unreadable plugins.lock instead of refusing;" + " its entries are lost.")
    boolean rewriteLockfile;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(
            names = "--no-trust",
            description =
                    "Only replace the code: nothing is asked, and nothing of it runs unless its digest was trusted before.")
    boolean noTrust;

    @Option(names = "--no-enable", description = "Trust and consent, but enable it for no agent.")
    boolean noEnable;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Terminal t = root.terminal();
        if (noTrust && noEnable) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "conflicting_options",
                    "--no-enable goes with the one-step update, not with --no-trust");
        }
        if (!noTrust && !Confirm.askable(root, yes) && !root.animus().holdsInstalledCode(path, Optional.of(name))) {
            // refused before the new code is stored or run: there would be no one to ask (the code
            // installed now, given again, restores a damaged stored copy and asks nothing)
            Confirm.requireAskable(root, yes, "updating plugin " + name);
        }
        if (rewriteLockfile) {
            t.warn("--rewrite-lockfile: an unreadable " + root.animus().lockfile() + " is replaced; its entries"
                    + " are lost");
        }
        PluginInstaller.PinPolicy pins = new PluginInstaller.PinPolicy(force, rewriteLockfile);
        InstallReport r;
        if (noTrust) {
            r = root.animus().update(name, path, pins);
        } else {
            InstallChain.Report chained = root.animus()
                    .updateChain(
                            name,
                            path,
                            pins,
                            Scopes.of(root, false, false),
                            noEnable ? InstallChain.Until.CONSENT : InstallChain.Until.ENABLE,
                            ChainScreen.asking(root, yes, "update"));
            if (chained.screen().isPresent()) {
                ChainScreen.summary(root, chained, "plugin.update");
                return ExitCodes.OK;
            }
            r = chained.install().install(); // the same code: nothing was asked nor changed
        }
        r.notes().forEach(n -> t.warn(FixText.render(n)));
        r.replacedPin()
                .ifPresent(old -> t.warn(r.lockfile() + ": the pin of " + name + " changed from sha256 " + old
                        + " to sha256 " + r.digest() + " (--force)"));
        if (root.json) {
            var env = Terminal.envelope("plugin.update")
                    .put("name", name)
                    .put("sha256", r.digest())
                    .put("unchanged", r.unchanged())
                    .put("restored", r.restored())
                    .put("stored", r.stored().toString());
            r.previousDigest().ifPresent(p -> env.put("previous_sha256", p));
            t.printJson(env);
            return ExitCodes.OK;
        }
        var out = t.out();
        if (r.restored()) {
            out.println("restored the stored code of " + name + " (sha256 " + r.digest() + ") from " + path
                    + "; its trust, consent and enablement hold again");
        } else if (r.unchanged()) {
            out.println(name + " already has this code (sha256 " + r.digest() + "); nothing changed");
        } else {
            out.println("updated " + name + " to sha256 " + r.digest());
            r.previousDigest()
                    .ifPresent(p -> DevInfo.row(out, "previous", p + " (animus plugin rollback " + name + ")"));
            DevInfo.row(out, "enabled", "for no agent until enabled again");
            DevInfo.row(out, "next", "animus plugin trust " + name + ", then consent and enable");
        }
        out.flush();
        return ExitCodes.OK;
    }
}
