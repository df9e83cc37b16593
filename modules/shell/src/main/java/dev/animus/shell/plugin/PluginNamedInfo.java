package dev.animus.shell.plugin;

import dev.animus.core.InitializeResult;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestRendering;
import dev.animus.install.Permit;
import dev.animus.runtime.Animus;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin info <name>}: where a plugin is, its manifest, and what it answers to initialize. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description = {
            "Show an installed plugin and its manifest.",
            "",
            "Show an installed plugin: where it is, its manifest, and what it answers to initialize.",
            "The plugin is started for the handshake and shut down again (unless it was already running)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin info echo", "  animus plugin info echo --json"})
public final class PluginNamedInfo implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "The plugin.")
    String name;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Permit found = PluginLookup.permit(root, name);
        PluginEndpoint s = PluginLookup.supervisor(root, found);
        boolean wasRunning = s.handshake().isPresent();
        InitializeResult r;
        try {
            r = s.describe();
        } catch (RuntimeException e) {
            throw Failures.of(e);
        } finally {
            if (!wasRunning) {
                s.stopProcess(); // info looks, it does not keep a plugin running
            }
        }
        Terminal t = root.terminal();
        if (root.json) {
            ObjectNode env = Terminal.envelope("plugin.info")
                    .put("name", found.name())
                    .put("source", "installed")
                    .put("path", found.executable().getParent().toString())
                    .put("executable", found.executable().toString())
                    .put("sha256", found.record().digest())
                    .put("agent", found.agent());
            env.set("manifest", Terminal.json().valueToTree(ManifestRendering.toMap(found.manifest())));
            env.set("initialize_result", Animus.initializeResultJson(r));
            t.printJson(env);
        } else {
            print(t.out(), root.layout(), found);
            t.out().println();
            DevInfo.print(t.out(), r);
        }
        return ExitCodes.OK;
    }

    /** The installed side; the digest in full on its own line (it fits 80 columns), paths as {@code layout} shows them. */
    private static void print(PrintWriter out, Layout layout, Permit p) {
        Manifest m = p.manifest();
        DevInfo.row(
                out,
                "source",
                layout.text("installed from " + p.record().source().origin()));
        DevInfo.row(out, "executable", layout.path(p.executable()));
        DevInfo.row(out, "sha256", p.record().digest());
        DevInfo.row(
                out,
                "manifest",
                m.name() + " " + m.version() + " (" + m.kind().declared()
                        + (m.extraKinds().isEmpty()
                                ? ""
                                : " + "
                                        + String.join(
                                                ", ",
                                                m.extraKinds().stream()
                                                        .map(k -> k.declared())
                                                        .toList()))
                        + ")");
        DevInfo.row(
                out,
                "env",
                DevInfo.list(m.envRequired().stream().map(e -> e.name()).toList()));
        DevInfo.row(
                out,
                "secrets",
                DevInfo.list(m.secrets().stream().map(e -> e.name()).toList()));
        DevInfo.row(out, "network", DevInfo.list(m.networkDestinations()));
        DevInfo.row(out, "data sent", DevInfo.list(m.dataSent()));
        DevInfo.row(out, "hooks", DevInfo.list(m.hooks()));
        DevInfo.row(out, "events", DevInfo.list(m.events()));
        out.flush();
    }
}
