package dev.animus.shell.plugin;

import dev.animus.install.DoctorFinding;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin doctor [name]}: everything that would stop a plugin from launching. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Show what would stop installed plugins from launching.",
            "",
            "List everything that would stop installed plugins (or one) from launching for the agent",
            "(--agent, default: default): trust, manifest, consent, enablement, changed stored code, lockfile",
            "pins, missing required environment variables. Each with the command that fixes it. Nothing runs.",
            "Exit codes: 0 nothing found, 1 something would stop a launch."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin doctor", "  animus plugin doctor echo --agent coder --json"})
public final class DoctorCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "<name>",
            description = "One plugin (default: all installed).")
    String name;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        List<DoctorFinding> findings = root.animus().doctor(Optional.ofNullable(name), root.agent());
        Terminal t = root.terminal();
        if (root.json) {
            var env = Terminal.envelope("plugin.doctor")
                    .put("agent", root.agent())
                    .put("ok", findings.isEmpty());
            var list = env.putArray("findings");
            findings.forEach(f -> list.addObject()
                    .put("plugin", f.plugin())
                    .put("problem", f.problem())
                    .put("fix", FixText.render(f.fix())));
            t.printJson(env);
        } else if (findings.isEmpty()) {
            t.result("no problems found" + (name == null ? "" : " with " + name) + " for agent " + root.agent());
        } else {
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"PLUGIN", "PROBLEM", "FIX"});
            findings.forEach(f -> rows.add(new String[] {f.plugin(), f.problem(), FixText.render(f.fix())}));
            Table.print(t.out(), rows);
        }
        return findings.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
