package dev.animus.shell.plugin;

import dev.animus.core.OneLine;
import dev.animus.core.Plural;
import dev.animus.install.StateRepair;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin state repair}: explicit recovery of the state document. */
@Command(
        name = "state",
        mixinStandardHelpOptions = true,
        description = {
            "Check and repair the state document.",
            "",
            "The state document (<animus_home>/state/state.json): installs, trust, consent, enablement."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin state repair"})
public final class StateCommand implements Runnable {

    @ParentCommand
    PluginCommand plugin;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: repair");
    }

    @Command(
            name = "repair",
            mixinStandardHelpOptions = true,
            description = {
                "Check the state document. A readable one is never rewritten: its problems (records whose",
                "manifest no longer validates, stored code that is gone or changed) are listed with their fixes.",
                "An unreadable one (corrupt JSON) is moved aside, never deleted, and an empty one starts; its",
                "grants are NOT carried over and the command says so. A document of a newer schema is left alone."
            },
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin state repair", "  animus plugin state repair --yes"})
    public static final class Repair implements Callable<Integer> {
        @ParentCommand
        StateCommand state;

        @Option(names = "--yes", description = "Confirm moving an unreadable document aside without asking.")
        boolean yes;

        @Override
        public Integer call() {
            AnimusCommand root = state.plugin.root;
            Terminal t = root.terminal();
            StateRepair.Diagnosis d = root.animus().diagnoseState();
            switch (d) {
                case StateRepair.Diagnosis.Healthy h -> {
                    if (root.json) {
                        var env = Terminal.envelope("plugin.state.repair")
                                .put("file", h.file().toString())
                                .put("readable", true)
                                .put("revision", h.revision())
                                .put("plugins", h.plugins());
                        var problems = env.putArray("problems");
                        h.problems()
                                .forEach(p -> problems.addObject()
                                        .put("plugin", p.plugin())
                                        .put("problem", p.problem())
                                        .put("fix", FixText.render(p.fix())));
                        t.printJson(env);
                        return h.problems().isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
                    }
                    Layout layout = root.layout();
                    t.out()
                            .println(OneLine.of(layout.path(h.file()) + " is readable (revision " + h.revision() + ", "
                                    + Plural.of(h.plugins(), "plugin") + "); nothing to repair"));
                    h.problems()
                            .forEach(p -> t.out()
                                    .println("  "
                                            + OneLine.of(p.plugin() + ": " + layout.text(p.problem()) + " (fix: "
                                                    + FixText.render(p.fix()) + ")")));
                    t.out().flush();
                    return h.problems().isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
                }
                case StateRepair.Diagnosis.Newer n ->
                    throw new CommandFailed(ExitCodes.FAILED, "state_unreadable", FixText.render(n.reason()));
                case StateRepair.Diagnosis.Unreadable u -> {
                    t.warn(FixText.render(u.reason()));
                    Confirm.require(
                            root,
                            yes,
                            "move " + u.file() + " aside",
                            "Move the unreadable " + u.file()
                                    + " aside and start an empty state document? Its grants are not carried over.");
                    var moved = root.animus().quarantineState();
                    if (root.json) {
                        t.printJson(Terminal.envelope("plugin.state.repair")
                                .put("file", u.file().toString())
                                .put("readable", false)
                                .put("moved_to", moved.toString())
                                .put("grants_carried_over", false));
                        return ExitCodes.OK;
                    }
                    t.out().println("moved " + u.file() + " to " + moved + "; an empty state document starts now");
                    t.out()
                            .println("its installs, trust, consent and enablement were NOT carried over: reinstall and"
                                    + " re-trust your plugins (the old document is kept in " + moved + ")");
                    t.out().flush();
                    return ExitCodes.OK;
                }
            }
        }
    }
}
