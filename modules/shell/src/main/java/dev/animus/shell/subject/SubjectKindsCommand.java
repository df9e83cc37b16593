package dev.animus.shell.subject;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import dev.animus.subjects.KindRow;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus subject kinds}: the routing table, kind pattern to plugin. */
@Command(
        name = "kinds",
        mixinStandardHelpOptions = true,
        description = {
            "Show which plugin serves which subject kind.",
            "",
            "Show the routing table: each kind pattern the enabled subject backends declare (an exact kind",
            "such as task, a glob such as linear.* for every kind under linear., or the catch-all *) and the",
            "plugin it routes to. NATIVE is the pattern the plugin itself declares, when it was installed",
            "under another kind (--as-kind). A call to a kind goes to its exact pattern, else the longest",
            "glob, else the catch-all."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus subject kinds", "  animus subject kinds --json | jq -r '.kinds[].pattern'"})
public final class SubjectKindsCommand implements Callable<Integer> {

    @ParentCommand
    SubjectCommand subject;

    @Override
    public Integer call() {
        AnimusCommand root = subject.root;
        Terminal t = root.terminal();
        List<KindRow> rows = SubjectLookup.endpoint(root).kinds();
        if (root.json) {
            t.printJson(SubjectJson.kinds(rows));
        } else if (rows.isEmpty()) {
            t.result("no subject backends are enabled (a plugin of kind subject_backend; 'animus plugin"
                    + " install-defaults --include-subjects' installs tasks)");
        } else {
            SubjectText.kinds(rows, root.layout()).forEach(t.out()::println);
            t.out().flush();
        }
        return ExitCodes.OK;
    }
}
