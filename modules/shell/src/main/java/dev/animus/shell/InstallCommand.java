package dev.animus.shell;

import dev.animus.runtime.InstallReport;
import dev.animus.runtime.PluginInstaller;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin install --path P}: copy a plugin into the store; nothing of it runs. */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = {"Install a plugin from a local executable or plugin directory (with Plugin.toml) into the",
            "digest-addressed store, and pin its digest in plugins.lock. Nothing of it runs: it must be trusted",
            "(--trust, or 'animus plugin trust'), consented and enabled before it can be called.",
            "The name is --name, else the name in Plugin.toml, else the file name without 'animus-plugin-'."},
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin install --path ./animus-plugin-echo",
            "  animus plugin install --path ./my-plugin/ --name mine --trust --yes",
            "  animus plugin install --path ./animus-plugin-echo --force   # replace a different pinned digest"})
final class InstallCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Option(names = "--path", paramLabel = "P", required = true, description = "The executable or plugin directory.")
    Path path;

    @Option(names = "--name", paramLabel = "N", description = "The name to install it under.")
    String name;

    @Option(names = "--trust", description = "Trust its code right away (asks first, unless --yes).")
    boolean trust;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(names = "--force", description = "Install even if plugins.lock pins another digest for the name "
            + "(the pin is replaced; old and new digests are reported).")
    boolean force;

    @Option(names = "--rewrite-lockfile", description = "Replace an unreadable plugins.lock (corrupt, or of a newer "
            + "schema) instead of refusing; its entries are lost.")
    boolean rewriteLockfile;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Terminal t = root.terminal();
        PluginInstaller installer = new PluginInstaller(root.home());
        Optional<String> shown = Optional.empty();
        if (trust) {
            PluginInstaller.Identity id = installer.identify(path, Optional.ofNullable(name));
            Confirm.require(root, yes, "trust plugin " + id.name(), "Install and trust plugin " + id.name() + " (sha256 "
                    + id.digest() + ", from " + path + ")? Its code will be allowed to run on this machine.");
            shown = Optional.of(id.digest());
        }
        if (rewriteLockfile) {
            t.warn("--rewrite-lockfile: an unreadable " + root.home().lockfile().file() + " is replaced; its entries"
                    + " are lost");
        }
        InstallReport r = installer.install(path, Optional.ofNullable(name),
                new PluginInstaller.PinPolicy(force, rewriteLockfile));
        r.notes().forEach(t::warn);
        r.replacedPin().ifPresent(old -> t.warn(r.lockfile() + ": the pin of " + r.name() + " changed from sha256 "
                + old + " to sha256 " + r.digest() + " (--force)"));
        Optional<dev.animus.runtime.TrustReport> trusted = trust
                ? Optional.of(new dev.animus.runtime.TrustService(root.home()).trust(r.name(), shown.orElseThrow()))
                : Optional.empty();
        trusted.ifPresent(tr -> tr.notes().forEach(t::warn));
        if (root.json) {
            ObjectNode env = Terminal.envelope("plugin.install").put("name", r.name()).put("sha256", r.digest())
                    .put("shape", r.shape().word()).put("stored", r.stored().toString()).put("unchanged", r.unchanged())
                    .put("lockfile", r.lockfile().toString()).put("trusted", trusted.isPresent());
            r.replacedPin().ifPresent(old -> env.put("replaced_pin", old));
            t.printJson(env);
            return ExitCodes.OK;
        }
        var out = t.out();
        out.println((r.unchanged() ? "already installed: " : "installed ") + r.name() + " (" + r.shape().word()
                + ", sha256 " + r.digest() + ")");
        DevInfo.row(out, "stored at", r.stored().toString());
        DevInfo.row(out, "pinned in", r.lockfile().toString());
        if (trusted.isPresent()) {
            TrustCommand.printTrusted(out, trusted.get());
        } else {
            DevInfo.row(out, "next", "animus plugin trust " + r.name());
        }
        out.flush();
        return ExitCodes.OK;
    }
}
