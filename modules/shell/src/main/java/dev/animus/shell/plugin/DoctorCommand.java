package dev.animus.shell.plugin;

import dev.animus.core.OneLine;
import dev.animus.install.DoctorFinding;
import dev.animus.install.InstallFailed;
import dev.animus.install.PluginRepair;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;

/** {@code animus plugin doctor [name] [--fix]}: everything that would stop a plugin from launching. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Show what would stop installed plugins from launching.",
            "",
            "List everything that would stop installed plugins (or one) from launching for the agent",
            "(--agent, default: default): trust, manifest, consent, enablement, changed stored code, lockfile",
            "pins, missing required environment variables. Each with the command that fixes it. Nothing runs.",
            "With --fix, repair what can be repaired: stored code that changed or is gone is restored from its",
            "original file when that still has the trusted bytes (trust, consent and enablement stay), without",
            "asking; re-pinning the lockfile, recording an interpreter anew, pruning a project's pins and setting",
            "an unreadable state document aside are asked first (--yes: without asking). Each fix done and each",
            "problem left is reported.",
            "Exit codes: 0 nothing found (or left), 1 something would stop a launch."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin doctor",
            "  animus plugin doctor echo --agent coder --json",
            "  animus plugin doctor --fix",
            "  animus plugin doctor --fix --yes"
        })
public final class DoctorCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "<name>",
            description = "One plugin (default: all installed).")
    String name;

    @Option(names = "--fix", description = "Repair what can be repaired (asks before what needs your yes).")
    boolean fix;

    @Option(names = "--yes", description = "With --fix: confirm every repair without asking.")
    boolean yes;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        List<String> fixed = fix ? repair(root) : List.of();
        List<DoctorFinding> findings = root.animus().doctor(Optional.ofNullable(name), root.agent());
        Terminal t = root.terminal();
        if (root.json) {
            var env = Terminal.envelope("plugin.doctor")
                    .put("agent", root.agent())
                    .put("ok", findings.isEmpty());
            if (fix) {
                ArrayNode done = env.putArray("fixed");
                fixed.forEach(done::add);
            }
            var list = env.putArray("findings");
            findings.forEach(f -> list.addObject()
                    .put("plugin", f.plugin())
                    .put("problem", f.problem())
                    .put("fix", FixText.render(f.fix())));
            t.printJson(env);
        } else {
            fixed.forEach(f -> t.out().println("fixed: " + OneLine.of(f)));
            if (findings.isEmpty()) {
                t.result("no problems " + (fix ? "left" : "found") + (name == null ? "" : " with " + name)
                        + " for agent " + root.agent());
            } else {
                Layout layout = root.layout();
                Table table = Table.of("PLUGIN", Table.wrap("PROBLEM"), "FIX");
                findings.forEach(f -> table.row(f.plugin(), layout.text(f.problem()), FixText.render(f.fix())));
                if (table.fits(layout.width())) {
                    table.print(t.out(), layout);
                } else {
                    stacked(t.out(), layout.width().getAsInt(), layout, findings);
                }
            }
            t.out().flush();
        }
        return findings.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** Carries out the repair plan, asking for what needs a yes; returns what was done. */
    private List<String> repair(AnimusCommand root) {
        Terminal t = root.terminal();
        List<String> done = new ArrayList<>();
        for (PluginRepair.Step step : root.animus().repairPlan(Optional.ofNullable(name))) {
            String act = step.act();
            if (step.needsConsent()
                    && !Confirm.ask(root, yes, Character.toUpperCase(act.charAt(0)) + act.substring(1) + "?")) {
                t.warn("not done: " + act + " (it needs a yes: answer y, or pass --yes)");
                continue;
            }
            try {
                done.add(root.animus().repair(step));
            } catch (InstallFailed e) {
                t.warn("not done: " + act + ": " + e.getMessage());
            }
        }
        return done;
    }

    /**
     * Each finding as lines of its own, when a fix is too long for a column: the plugin and its
     * problem, broken at spaces to fit {@code width}, then the fix on one line, never broken (it
     * is a command to paste).
     */
    private static void stacked(PrintWriter out, int width, Layout layout, List<DoctorFinding> findings) {
        for (DoctorFinding f : findings) {
            List<String> problem =
                    Table.fitted(OneLine.of(f.plugin() + ": " + layout.text(f.problem())), width, Table.Fit.WRAP);
            out.println(problem.getFirst());
            Table.fitted(String.join(" ", problem.subList(1, problem.size())), width - 2, Table.Fit.WRAP).stream()
                    .filter(l -> !l.isEmpty())
                    .forEach(l -> out.println("  " + l));
            out.println("  fix: " + OneLine.of(FixText.render(f.fix())));
        }
        out.flush();
    }
}
