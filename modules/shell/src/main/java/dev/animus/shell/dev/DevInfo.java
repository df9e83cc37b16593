package dev.animus.shell.dev;

import dev.animus.core.InitializeResult;
import dev.animus.core.OneLine;
import dev.animus.runtime.Animus;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin dev <path> info}: what the plugin answered to {@code initialize}. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description = {
            "Print a plugin binary's InitializeResult.",
            "",
            "Start the plugin, perform the handshake and print its InitializeResult."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin dev ./animus-plugin-echo info",
            "  animus plugin dev ./animus-plugin-echo info --json"
        })
public final class DevInfo implements Callable<Integer> {

    @ParentCommand
    DevCommand dev;

    @Override
    public Integer call() {
        InitializeResult r;
        try {
            r = dev.supervisor().describe();
        } catch (RuntimeException e) {
            throw Failures.of(e);
        }
        Terminal t = dev.root().terminal();
        if (dev.root().json) {
            ObjectNode env = Terminal.envelope("plugin.dev.info");
            env.put("path", dev.path.toAbsolutePath().normalize().toString());
            env.set("initialize_result", Animus.initializeResultJson(r));
            t.printJson(env);
        } else {
            print(t.out(), r);
        }
        return ExitCodes.OK;
    }

    public static void print(PrintWriter out, InitializeResult r) {
        var info = r.pluginInfo();
        var caps = r.capabilities();
        row(out, "name", info.name());
        row(out, "version", info.version());
        row(
                out,
                "kind",
                info.pluginKind()
                        + (info.pluginKinds().isEmpty() ? "" : " (+ " + String.join(", ", info.pluginKinds()) + ")"));
        row(out, "description", info.description().isEmpty() ? "-" : info.description());
        row(out, "protocol", r.protocolVersion());
        row(out, "methods", list(caps.methods()));
        row(out, "streaming", yesNo(caps.streaming()));
        row(out, "progress", yesNo(caps.progress()));
        row(out, "cancellation", yesNo(caps.cancellation()));
        row(out, "subject kinds", list(caps.subjectKinds()));
        out.flush();
    }

    /** One {@code key value} line; {@code value} is shown through {@link OneLine}: it may come from a plugin. */
    public static void row(PrintWriter out, String key, String value) {
        out.printf("%-14s %s%n", key, OneLine.of(value));
    }

    public static String list(List<String> items) {
        return items.isEmpty() ? "-" : String.join(", ", items);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }
}
