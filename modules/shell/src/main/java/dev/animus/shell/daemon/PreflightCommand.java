package dev.animus.shell.daemon;

import dev.animus.runtime.DefaultsPlan;
import dev.animus.runtime.DefaultsReport;
import dev.animus.runtime.PreflightReport;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.plugin.DefaultsSet;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus daemon preflight}: are the roles a daemon needs served by usable plugins? */
@Command(
        name = "preflight",
        mixinStandardHelpOptions = true,
        description = {
            "Check that plugins serve every role a daemon needs.",
            "",
            "Check that installed plugins, trusted, consented to and enabled for the agent (--agent), serve",
            "the roles a daemon needs: at least one provider, at least one subject_backend, a workflow_runner",
            "and a queue (transport_enabled, config_source and subject_kind:<kind> are optional and only",
            "warned about). Prints one line per role, [ok] with its plugins or [missing] with the exact command",
            "that makes it served. Runs no plugin. --auto-install installs the default of each missing role",
            "from defaults.toml (one question for all, or --yes) and checks again.",
            "Exits 2 when a required role is missing, 1 when the installed plugins cannot be read."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon preflight",
            "  animus daemon preflight --json | jq -r '.missing[].fix_command'",
            "  animus daemon preflight --auto-install --yes"
        })
public final class PreflightCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = "--auto-install",
            description = "Install the default plugin of each missing role first (asks once, or --yes).")
    boolean autoInstall;

    @Option(names = "--yes", description = "Confirm the --auto-install without asking (needed without a terminal).")
    boolean yes;

    @Override
    public Integer call() {
        return check(daemon, autoInstall, yes, daemon.root.json);
    }

    /**
     * Checks the roles (installing missing defaults first with {@code autoInstall}), prints the
     * result (as JSON with {@code json}) and returns the exit code: what {@code daemon start} and
     * {@code daemon run} do first.
     */
    static int check(DaemonCommand daemon, boolean autoInstall, boolean yes, boolean json) {
        AnimusCommand root = daemon.root;
        String agent = root.agent();
        PreflightReport report = root.animus().preflight(agent, root.includeSystemPath);
        if (autoInstall && !report.passed()) {
            DefaultsPlan plan = root.animus().planAutoInstall(report, DefaultsSet.options(root, Set.of(), false));
            if (!plan.steps().isEmpty()) {
                DefaultsReport installed =
                        DefaultsSet.install(root, plan, yes, root.terminal().err());
                report = root.animus().preflight(agent, root.includeSystemPath).after(installed);
            }
        }
        Terminal t = root.terminal();
        if (json) {
            t.printJson(json(report));
        } else {
            print(t.out(), report);
            report.warnings().forEach(t::warn);
        }
        return report.passed() ? ExitCodes.OK : ExitCodes.USAGE;
    }

    private static void print(PrintWriter out, PreflightReport report) {
        for (String role : PreflightReport.REQUIRED) {
            report.satisfied().stream()
                    .filter(s -> s.role().equals(role))
                    .forEach(s -> out.println("[ok] " + role + " — " + String.join(", ", s.plugins())));
            report.missing().stream()
                    .filter(m -> m.role().equals(role))
                    .forEach(m -> out.println("[missing] " + role + " — "
                            + (m.fix().isEmpty() ? m.reason() : "run: " + FixText.chain(m.fix()))));
        }
        report.satisfied().stream()
                .filter(s -> !s.required())
                .forEach(s -> out.println("[ok] " + s.role() + " — " + String.join(", ", s.plugins())));
        out.flush();
    }

    private static ObjectNode json(PreflightReport report) {
        ObjectNode doc = Terminal.envelope("daemon.preflight");
        doc.put("passed", report.passed());
        ArrayNode satisfied = doc.putArray("satisfied");
        report.satisfied().forEach(s -> {
            ObjectNode o = satisfied.addObject().put("role", s.role()).put("required", s.required());
            s.plugins().forEach(o.putArray("plugins")::add);
        });
        ArrayNode missing = doc.putArray("missing");
        report.missing().forEach(m -> {
            ObjectNode o = missing.addObject().put("role", m.role());
            if (m.fix().isEmpty()) {
                o.putNull("fix_command");
            } else {
                o.put("fix_command", FixText.chain(m.fix()));
            }
            o.put("reason", m.reason());
        });
        ArrayNode auto = doc.putArray("auto_installed");
        report.autoInstalled()
                .forEach(a -> auto.addObject()
                        .put("role", a.role())
                        .put("plugin", a.plugin())
                        .put("source", a.source()));
        report.warnings().forEach(doc.putArray("warnings")::add);
        return doc;
    }
}
