package dev.animus.shell.plugin;

import dev.animus.runtime.DefaultsPlan;
import dev.animus.runtime.DefaultsReport;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin install-defaults}: install the curated default plugins of defaults.toml. */
@Command(
        name = "install-defaults",
        mixinStandardHelpOptions = true,
        description = {
            "Install the curated default plugins.",
            "",
            "Install the default plugins that defaults.toml names (<animus_home>/defaults.toml when it exists,",
            "else the one built into animus): those of the core group always, and the optional groups the",
            "--include options name. A default whose name is installed already is skipped (--force installs it",
            "again, replacing its lockfile pin). Each one goes through the normal install: stored and pinned,",
            "trusted and run once with --manifest, then one screen per plugin shows its digest, source and",
            "disclosure, and one question asks for the whole set (--yes answers it; without a terminal --yes",
            "is needed); on yes each is consented to and enabled for the agent (--agent, default: default).",
            "Prints [skip], [install], [ok] and [fail] lines and a [summary]; exits 1 when any default failed."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin install-defaults",
            "  animus plugin install-defaults --include-subjects --include-transports --yes",
            "  animus plugin install-defaults --force --yes"
        })
public final class InstallDefaultsCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Option(names = "--include-subjects", description = "Also the defaults of the subjects group.")
    boolean subjects;

    @Option(names = "--include-transports", description = "Also the defaults of the transports group.")
    boolean transports;

    @Option(names = "--include-oai-agent", description = "Also the defaults of the oai-agent group.")
    boolean oaiAgent;

    @Option(names = "--include-triggers", description = "Also the defaults of the triggers group.")
    boolean triggers;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(names = "--force", description = "Install a default whose name is installed already (its pin is replaced).")
    boolean force;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Set<String> include = new LinkedHashSet<>();
        if (subjects) {
            include.add("subjects");
        }
        if (transports) {
            include.add("transports");
        }
        if (oaiAgent) {
            include.add("oai-agent");
        }
        if (triggers) {
            include.add("triggers");
        }
        DefaultsPlan plan = root.animus().planDefaults(DefaultsSet.options(root, include, force));
        Terminal t = root.terminal();
        PrintWriter lines = root.json ? new PrintWriter(new StringWriter()) : t.out();
        DefaultsReport report = DefaultsSet.install(root, plan, yes, lines);
        if (root.json) {
            var doc = Terminal.envelope("plugin.install-defaults");
            DefaultsSet.json(doc, report);
            t.printJson(doc);
        }
        return report.failed() > 0 ? ExitCodes.FAILED : ExitCodes.OK;
    }
}
