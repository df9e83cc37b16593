package dev.animus.shell.tour;

import dev.animus.shell.AnimusCommand;
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
        description = {
            "Show Animus at work on an example plugin, in a throwaway home.",
            "",
            "A first run: the echo example's whole life, for real.",
            "Discovers the bundled echo example, installs, trusts, consents to and enables",
            "it, calls it, shows its process in 'plugin status' and stops it: each step is",
            "a real command, printed before it runs and followed by its output. Your",
            "ANIMUS_HOME and project are never touched; the throwaway home is removed at",
            "the end (--keep keeps it) and no plugin process is left. A failing step stops",
            "the tour with one error line naming it, and its exit status.",
            "",
            "Then the work loop, in a release image (it needs the plugins the image bundles): the",
            "bundled defaults installed, the project's daemon started, a task created with the",
            "dispatch label, queued, leased, run through the bundled cli provider (running 'tr a-z",
            "A-Z', a harmless stand-in for an agent CLI) and done, then the daemon stopped, with",
            "nothing left running."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus tour",
            "  animus tour --keep                  # then look around in the home it prints",
            "  animus tour --skip-loop             # only the example plugin's chapter",
            "  animus tour --examples ./examples   # a directory with echo/animus-plugin-echo"
        })
public final class TourCommand implements Callable<Integer> {

    @ParentCommand
    AnimusCommand root;

    @Option(
            names = "--examples",
            paramLabel = "DIR",
            description = "Where the example plugins are: a directory holding echo/animus-plugin-echo "
                    + "(default: the examples/ directory of this installation).")
    Path examples;

    @Option(names = "--keep", description = "Keep the throwaway home, and print where it is.")
    boolean keep;

    @Option(names = "--skip-loop", description = "Only the example plugin's chapter, not the work loop's.")
    boolean skipLoop;

    @Override
    public Integer call() {
        TourExample example = TourExample.locate(
                Optional.ofNullable(examples), Optional.ofNullable(System.getProperty(TourExample.PROPERTY)));
        boolean loop = !skipLoop && LoopChapter.available();
        Optional<String> skipped = skipLoop || loop ? Optional.empty() : Optional.of(LoopChapter.unavailable());
        return Tour.run(root.terminal(), root.environment(), example, keep, root.json, loop, skipped);
    }
}
