package dev.animus.shell;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus tour}: a first run that shows the main job, end to end, without any set-up. */
@Command(
        name = "tour",
        mixinStandardHelpOptions = true,
        description = {"Show what Animus does, for real and without any set-up: in a throwaway home (never your",
            "ANIMUS_HOME or project), discover the bundled echo example, install, trust, consent to and enable it,",
            "call it, show its process in 'plugin status', and stop it. Before each step the equivalent command",
            "line is printed, then that command's own output. The throwaway home is removed at the end (--keep",
            "keeps it) and no plugin process is left. The first step that fails stops the tour, with one error",
            "line naming the step, and its exit status."},
        footerHeading = "%nExamples:%n",
        footer = {"  animus tour",
            "  animus tour --keep                          # then look around in the home it prints",
            "  animus tour --examples ./examples           # a directory holding echo/animus-plugin-echo"})
final class TourCommand implements Callable<Integer> {

    @ParentCommand
    AnimusCommand root;

    @Option(names = "--examples", paramLabel = "DIR",
            description = "Where the example plugins are: a directory holding echo/animus-plugin-echo "
                    + "(default: the examples/ directory of this installation).")
    Path examples;

    @Option(names = "--keep", description = "Keep the throwaway home, and print where it is.")
    boolean keep;

    @Override
    public Integer call() {
        TourExample example = TourExample.locate(Optional.ofNullable(examples),
                Optional.ofNullable(System.getProperty(TourExample.PROPERTY)));
        return Tour.run(root.terminal(), root.environment(), example, keep, root.json);
    }
}
