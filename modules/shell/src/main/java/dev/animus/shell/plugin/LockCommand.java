package dev.animus.shell.plugin;

import dev.animus.install.LockCheck;
import dev.animus.runtime.Pin;
import dev.animus.runtime.Pins;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin lock verify|show|prune}: the lockfile against what is installed. */
@Command(
        name = "lock",
        mixinStandardHelpOptions = true,
        description = {
            "Verify, show or prune the lockfile, plugins.lock.",
            "",
            "The lockfile plugins.lock pins the exact code of each installed plugin: the project's",
            "(.animus/plugins.lock, when the project has an .animus directory) or the global one."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin lock verify",
            "  animus plugin lock show --json",
            "  animus plugin lock prune --dry-run"
        })
public final class LockCommand implements Runnable {

    @ParentCommand
    PluginCommand plugin;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: verify, show or prune");
    }

    @Command(
            name = "verify",
            mixinStandardHelpOptions = true,
            description = {
                "Check installed code against plugins.lock.",
                "",
                "Re-hash every locked plugin's installed code and compare it with its pin.",
                "Exit codes: 0 all match, 3 a mismatch, 1 something locked is missing."
            },
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin lock verify", "  animus plugin lock verify --json"})
    public static final class Verify implements Callable<Integer> {
        @ParentCommand
        LockCommand lock;

        @Override
        public Integer call() {
            AnimusCommand root = lock.plugin.root;
            List<LockCheck> checks = root.animus().verifyLock();
            Terminal t = root.terminal();
            if (root.json) {
                var env = Terminal.envelope("plugin.lock.verify")
                        .put("lockfile", root.animus().lockfile().toString());
                var list = env.putArray("plugins");
                checks.forEach(c -> {
                    var o = list.addObject()
                            .put("name", c.name())
                            .put("status", c.status().word())
                            .put("locked_sha256", c.locked())
                            .put("detail", c.detail());
                    c.actual().ifPresentOrElse(a -> o.put("actual_sha256", a), () -> o.putNull("actual_sha256"));
                });
                t.printJson(env);
            } else if (checks.isEmpty()) {
                t.result("nothing is locked in " + root.animus().lockfile());
            } else {
                Layout layout = root.layout();
                Table table = Table.of("NAME", "STATUS", "LOCKED SHA256", Table.wrap("DETAIL"));
                checks.forEach(c ->
                        table.row(c.name(), c.status().word(), layout.digest(c.locked()), layout.text(c.detail())));
                table.print(t.out(), layout);
            }
            if (!root.json) {
                checks.stream()
                        .filter(LockCheck::pinWithoutInstall)
                        .forEach(c -> t.error("the plugin " + c.name()
                                + " is pinned in " + root.animus().lockfile()
                                + " but not installed: install it again, or"
                                + " run 'animus plugin lock prune' to drop its pin"));
            }
            if (checks.stream().anyMatch(c -> c.status() == LockCheck.Status.MISMATCH)) {
                return ExitCodes.VERIFICATION_FAILED;
            }
            return checks.stream().anyMatch(c -> c.status() == LockCheck.Status.MISSING)
                    ? ExitCodes.FAILED
                    : ExitCodes.OK;
        }
    }

    @Command(
            name = "show",
            mixinStandardHelpOptions = true,
            description = "Print the lockfile's entries.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin lock show"})
    public static final class Show implements Callable<Integer> {
        @ParentCommand
        LockCommand lock;

        @Override
        public Integer call() {
            AnimusCommand root = lock.plugin.root;
            Pins file = root.animus().readLockfile();
            Terminal t = root.terminal();
            if (root.json) {
                var env = Terminal.envelope("plugin.lock.show")
                        .put("lockfile", root.animus().lockfile().toString())
                        .put("schema_version", file.schemaVersion());
                var list = env.putArray("plugins");
                file.entries().forEach(e -> {
                    var o = list.addObject()
                            .put("name", e.name())
                            .put("version", e.version())
                            .put("source", e.source().kind().word())
                            .put("origin", e.source().origin())
                            .put("artifact_sha256", e.artifactSha256())
                            .put("sha256_verified", e.source().sha256Verified())
                            .put("signature", e.signature())
                            .put("installed_at", e.installedAt().toString());
                    e.signatureBundleSha256().ifPresent(b -> o.put("signature_bundle_sha256", b));
                });
                t.printJson(env);
                return ExitCodes.OK;
            }
            Layout layout = root.layout();
            t.result(layout.path(root.animus().lockfile()));
            if (file.entries().isEmpty()) {
                t.result("(no entries)");
                return ExitCodes.OK;
            }
            Table table = Table.of(
                    "NAME", "VERSION", Table.middle("SOURCE"), "SHA256", Table.end("SIGNATURE"), "INSTALLED AT");
            for (Pin e : file.entries()) {
                table.row(
                        e.name(),
                        e.version(),
                        layout.text(e.source().kind().word() + " " + e.source().origin()),
                        layout.digest(e.artifactSha256()),
                        e.signature(),
                        layout.time(e.installedAt()));
            }
            table.print(t.out(), layout);
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "prune",
            mixinStandardHelpOptions = true,
            description = {
                "Drop the pins of plugins that are not installed.",
                "",
                "Remove from plugins.lock every pin whose plugin is not installed: what an interrupted",
                "'animus plugin remove' leaves, or a project's pin of a plugin this home does not have."
            },
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin lock prune --dry-run", "  animus plugin lock prune"})
    public static final class Prune implements Callable<Integer> {
        @ParentCommand
        LockCommand lock;

        @CommandLine.Option(names = "--dry-run", description = "Only list the pins that would be dropped.")
        boolean dryRun;

        @Override
        public Integer call() {
            AnimusCommand root = lock.plugin.root;
            List<Pin> pruned = root.animus().pruneLock(dryRun);
            Terminal t = root.terminal();
            String file = root.animus().lockfile().toString();
            if (root.json) {
                var env = Terminal.envelope("plugin.lock.prune")
                        .put("lockfile", file)
                        .put("dry_run", dryRun);
                var list = env.putArray("pruned");
                pruned.forEach(e -> list.addObject().put("name", e.name()).put("artifact_sha256", e.artifactSha256()));
                t.printJson(env);
            } else if (pruned.isEmpty()) {
                t.result("every pin in " + file + " is of an installed plugin; nothing to prune");
            } else {
                pruned.forEach(e -> t.result((dryRun ? "would drop " : "dropped ") + "the pin of " + e.name()
                        + " (sha256 " + e.artifactSha256() + "), which is not installed"));
            }
            return ExitCodes.OK;
        }
    }
}
