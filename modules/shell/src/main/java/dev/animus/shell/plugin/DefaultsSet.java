package dev.animus.shell.plugin;

import dev.animus.core.OneLine;
import dev.animus.install.InstallChain;
import dev.animus.runtime.DefaultsConfirmation;
import dev.animus.runtime.DefaultsOptions;
import dev.animus.runtime.DefaultsPlan;
import dev.animus.runtime.DefaultsReport;
import dev.animus.runtime.PluginDefaults;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.Confirm;
import dev.animus.shell.render.DownloadProgress;
import dev.animus.shell.render.Failures;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Installing a set of default plugins with one question (docs/operations.md#default-plugins), for
 * {@code plugin install-defaults} and {@code daemon preflight --auto-install}: the
 * {@code [skip]}/{@code [install]}/{@code [ok]}/{@code [fail]} lines and the {@code [summary]}.
 */
public final class DefaultsSet {
    private DefaultsSet() {}

    /** The options of a run for {@code root}'s agent and the configured signature policy. */
    public static DefaultsOptions options(AnimusCommand root, Set<String> include, boolean force) {
        return new DefaultsOptions(
                include, force, Scopes.of(root, false, false), root.settings().signaturePolicy());
    }

    /**
     * Installs {@code plan} and prints its lines on {@code lines}; without {@code --yes} or a
     * terminal to ask on it refuses (exit 2) before anything is stored or run.
     */
    public static DefaultsReport install(AnimusCommand root, DefaultsPlan plan, boolean yes, PrintWriter lines) {
        if (plan.installsAnything()) {
            Confirm.requireAskable(root, yes, "installing the default plugins");
        }
        for (DefaultsPlan.Step step : plan.steps()) {
            PluginDefaults.Entry e = step.entry();
            switch (step) {
                case DefaultsPlan.Step.Skip s -> lines.println(line("[skip]", e, s.reason()));
                case DefaultsPlan.Step.Install i ->
                    lines.println(line("[install]", e, "from " + e.source().describe()));
            }
        }
        lines.flush();
        DefaultsReport report =
                root.animus().installDefaults(plan, asking(root, yes), DownloadProgress.on(root.terminal()));
        for (DefaultsReport.Outcome o : report.outcomes()) {
            switch (o) {
                case DefaultsReport.Outcome.Skipped s -> {}
                case DefaultsReport.Outcome.Installed i ->
                    lines.println(line(
                            "[ok]",
                            i.entry(),
                            "sha256 " + i.report().install().install().digest() + ", enabled for "
                                    + Scopes.words(plan.options().scope())));
                case DefaultsReport.Outcome.Failed f ->
                    lines.println(line(
                            "[fail]", f.entry(), Failures.ofException(f.error()).getMessage()));
            }
        }
        lines.println("[summary] installed " + report.installed() + ", skipped " + report.skipped() + ", failed "
                + report.failed());
        lines.flush();
        return report;
    }

    /** {@code report} as the {@code results} of a JSON document. */
    public static void json(ObjectNode doc, DefaultsReport report) {
        doc.put("defaults", report.origin());
        ArrayNode results = doc.putArray("results");
        for (DefaultsReport.Outcome o : report.outcomes()) {
            ObjectNode r = results.addObject();
            PluginDefaults.Entry e = o.entry();
            r.put("plugin", e.name());
            r.put("role", e.role());
            r.put("group", e.group());
            r.put("source", e.source().describe());
            switch (o) {
                case DefaultsReport.Outcome.Skipped s ->
                    r.put("outcome", "skipped").put("reason", s.reason());
                case DefaultsReport.Outcome.Installed i ->
                    r.put("outcome", "installed")
                            .put("sha256", i.report().install().install().digest());
                case DefaultsReport.Outcome.Failed f ->
                    r.put("outcome", "failed")
                            .put("reason", Failures.ofException(f.error()).getMessage());
            }
        }
        doc.put("installed", report.installed());
        doc.put("skipped", report.skipped());
        doc.put("failed", report.failed());
    }

    private static String line(String tag, PluginDefaults.Entry e, String what) {
        return OneLine.of(tag + " " + e.name() + " (" + e.role() + ") — " + what);
    }

    /** Every screen on stderr, then one question for all of them (or {@code --yes}). */
    private static DefaultsConfirmation asking(AnimusCommand root, boolean yes) {
        return screens -> {
            PrintWriter err = root.terminal().err();
            for (InstallChain.Screen s : screens) {
                ChainScreen.show(err, s);
            }
            List<String> names = screens.stream().map(InstallChain.Screen::name).toList();
            String which = names.size() == 1
                    ? "plugin " + names.getFirst()
                    : "plugins " + String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
            Confirm.require(
                    root,
                    yes,
                    "installing the default plugins",
                    "install, trust, consent and enable " + which + enabling(screens) + "?");
        };
    }

    private static String enabling(List<InstallChain.Screen> screens) {
        return screens.getFirst().enableFor().isEmpty()
                ? ""
                : " for " + Scopes.words(screens.getFirst().enableFor().getFirst());
    }
}
