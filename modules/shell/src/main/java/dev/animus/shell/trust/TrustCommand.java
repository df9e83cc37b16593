package dev.animus.shell.trust;

import dev.animus.core.InstallRecord;
import dev.animus.core.OneLine;
import dev.animus.install.Inspection;
import dev.animus.install.TrustReport;
import dev.animus.runtime.PathDigest;
import dev.animus.runtime.PathUnreadable;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.plugin.PluginCommand;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin trust <name|path>}: allow one exact code digest to run. */
@Command(
        name = "trust",
        mixinStandardHelpOptions = true,
        description = {
            "Trust the exact code of an installed plugin.",
            "",
            "Trust the exact code of an installed plugin (its sha256, shown before you confirm), so it",
            "may run: a binary is then started once with --manifest to read what it declares. Changed code has",
            "another digest and is untrusted again. Given a path (anything with a '/'), trusts that binary where",
            "it lies, so discovery may read its manifest; it still has to be installed before it is called."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin trust echo",
            "  animus plugin trust echo --yes",
            "  animus plugin trust ./.animus/plugins/animus-plugin-lint"
        })
public final class TrustCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name|path>", description = "An installed plugin, or a binary's path.")
    String target;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Option(
            names = "--force",
            description = "Trust a GitHub release whose manifest names another plugin than its " + "repository.")
    boolean force;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        if (target.contains("/")) {
            return trustPath(root, Path.of(target));
        }
        Inspection seen = root.animus().inspect(target, root.agent()).inspection();
        InstallRecord current = seen.state().current().orElseThrow();
        Confirm.require(
                root,
                yes,
                "trust plugin " + target,
                "Trust plugin " + target + " (sha256 " + current.digest() + ", installed from "
                        + current.source().origin() + ")? Its code will be allowed to run on this machine.");
        TrustReport r = root.animus().trust(target, current.digest(), force);
        r.notes().forEach(n -> root.terminal().warn(FixText.render(n)));
        if (root.json) {
            var env = Terminal.envelope("plugin.trust")
                    .put("name", r.name())
                    .put("sha256", r.digest())
                    .put("manifest_read", r.manifest().isPresent());
            root.terminal().printJson(env);
        } else {
            printTrusted(root.terminal().out(), r);
        }
        return ExitCodes.OK;
    }

    private Integer trustPath(AnimusCommand root, Path path) {
        PathDigest shown;
        try {
            shown = root.animus().examine(path); // the operator named it: a link given here is followed once
        } catch (PathUnreadable e) {
            throw new CommandFailed(ExitCodes.USAGE, "path_unreadable", e.getMessage());
        }
        String digest = shown.sha256();
        Confirm.require(
                root,
                yes,
                "trust " + path,
                "Trust the binary " + path + " (sha256 " + digest + ")? Discovery will run it to read its manifest.");
        // refused when the path resolves elsewhere now, or its bytes no longer have the digest shown
        String name = root.animus().trustPath(shown);
        if (root.json) {
            root.terminal()
                    .printJson(Terminal.envelope("plugin.trust")
                            .put("name", name)
                            .put("sha256", digest)
                            .put("path", path.toString())
                            .put("installed", false));
        } else {
            var out = root.terminal().out();
            out.println(OneLine.of("trusted " + path + " (sha256 " + digest + ") as " + name));
            DevInfo.row(out, "next", "animus plugin install --path " + path + " (to call it)");
            out.flush();
        }
        return ExitCodes.OK;
    }

    public static void printTrusted(PrintWriter out, TrustReport r) {
        out.println(OneLine.of("trusted " + r.name() + " (sha256 " + r.digest() + ")"));
        r.manifest()
                .ifPresentOrElse(
                        m -> {
                            DevInfo.row(
                                    out,
                                    "manifest",
                                    m.name() + " " + m.version() + " ("
                                            + m.kind().declared() + ")");
                            DevInfo.row(out, "next", "animus plugin consent " + r.name());
                        },
                        () -> DevInfo.row(
                                out,
                                "next",
                                "fix the plugin's --manifest, then 'animus plugin trust " + r.name() + "'"));
        out.flush();
    }
}
