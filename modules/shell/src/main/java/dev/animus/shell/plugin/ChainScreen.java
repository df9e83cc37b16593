package dev.animus.shell.plugin;

import dev.animus.core.AgentScope;
import dev.animus.core.Disclosure;
import dev.animus.core.Fix;
import dev.animus.core.InstallSource;
import dev.animus.core.OneLine;
import dev.animus.install.InstallChain;
import dev.animus.install.InstallReport;
import dev.animus.runtime.ChainConfirmation;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.Confirm;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.SignatureText;
import dev.animus.shell.render.Summary;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.trust.ConsentCommand;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one screen of docs/cli.md#one-confirmation: what a one-step install or update will grant
 * (digest, source, signature, disclosure, or what changed in it), shown on stderr before the one
 * question; and the summary of what was done, on stdout.
 */
final class ChainScreen {
    private ChainScreen() {}

    /** The confirmation that shows {@code screen} on stderr and asks once (or takes {@code --yes}). */
    static ChainConfirmation asking(AnimusCommand root, boolean yes, String verb) {
        return screen -> {
            PrintWriter err = root.terminal().err();
            show(err, screen);
            Confirm.require(
                    root,
                    yes,
                    verb + " plugin " + screen.name(),
                    acts(verb, screen) + " plugin " + screen.name() + enabling(screen.enableFor()) + "?");
        };
    }

    /** The words of the question: "install, trust, consent and enable". */
    private static String acts(String verb, InstallChain.Screen screen) {
        return screen.enableFor().isEmpty() ? verb + ", trust and consent to" : verb + ", trust, consent and enable";
    }

    private static String enabling(List<AgentScope> scopes) {
        return scopes.isEmpty()
                ? ""
                : " for "
                        + String.join(
                                " and ", scopes.stream().map(Scopes::words).toList());
    }

    static void show(PrintWriter out, InstallChain.Screen screen) {
        InstallReport r = screen.install().install();
        InstallSource s = screen.install().source();
        out.println(OneLine.of("plugin " + r.name() + " (" + r.shape().word() + ", sha256 " + r.digest() + ")"));
        DevInfo.row(
                out,
                "source",
                s.kind().word() + " " + s.origin()
                        + s.tag().map(tag -> " " + tag).orElse(""));
        s.asset().ifPresent(a -> DevInfo.row(out, "asset", a));
        DevInfo.row(
                out,
                "checked by",
                s.sha256Verified() ? FixText.render(screen.install().checksum()) : "nothing (unverified)");
        DevInfo.row(out, "signature", SignatureText.describe(screen.install().signature()));
        screen.install().warnings().forEach(w -> DevInfo.row(out, "warning", w));
        screen.before().ifPresent(b -> changes(out, b, screen.disclosure()));
        ConsentCommand.print(out, r.name(), screen.disclosure(), screen.consentDigest(), screen.interpreter());
        out.flush();
    }

    /** What changed between the disclosure consented to before and the new one, field by field. */
    private static void changes(PrintWriter out, Disclosure before, Disclosure after) {
        List<String> lines = new ArrayList<>();
        diff(lines, "kinds", before, after, Disclosure::kinds);
        diff(lines, "capabilities", before, after, Disclosure::capabilities);
        diff(lines, "hooks", before, after, Disclosure::hooks);
        diff(lines, "policy hooks", before, after, Disclosure::policyHooks);
        diff(lines, "events", before, after, Disclosure::events);
        diff(lines, "network", before, after, Disclosure::networkDestinations);
        diff(lines, "data sent", before, after, Disclosure::dataSent);
        diff(lines, "env", before, after, Disclosure::envNames);
        diff(lines, "secrets", before, after, Disclosure::secretNames);
        out.println("changes to what it declares:");
        if (lines.isEmpty()) {
            out.println("  (none: only its code changed)");
        }
        lines.forEach(l -> out.println(OneLine.of(l)));
    }

    private static void diff(
            List<String> lines, String key, Disclosure before, Disclosure after, Function<Disclosure, List<String>> f) {
        List<String> added = f.apply(after).stream()
                .filter(v -> !f.apply(before).contains(v))
                .toList();
        List<String> removed = f.apply(before).stream()
                .filter(v -> !f.apply(after).contains(v))
                .toList();
        if (!added.isEmpty()) {
            lines.add(String.format("  %-14s + %s", key, String.join(", ", added)));
        }
        if (!removed.isEmpty()) {
            lines.add(String.format("  %-14s - %s", key, String.join(", ", removed)));
        }
    }

    /** What was done, on stdout. */
    static void summary(AnimusCommand root, InstallChain.Report report, String schema) {
        Terminal t = root.terminal();
        report.notes().forEach(n -> t.warn(FixText.render(n)));
        InstallChain.Screen screen = report.screen().orElseThrow();
        InstallReport r = report.install().install();
        if (root.json) {
            ObjectNode env = Summary.json(report.install(), true);
            env.put("schema", "animus." + schema + ".v1");
            env.put("consent_digest", screen.consentDigest());
            env.set("disclosure", ConsentCommand.json(screen.disclosure()));
            var agents = env.putArray("enabled_for");
            screen.enableFor().forEach(s -> agents.add(Scopes.words(s)));
            t.printJson(env);
            return;
        }
        PrintWriter out = t.out();
        out.println(OneLine.of((r.unchanged() ? "already installed: " : "installed ") + r.name() + " ("
                + r.shape().word() + ", sha256 " + r.digest() + ")"));
        DevInfo.row(out, "stored at", r.stored().toString());
        DevInfo.row(out, "pinned in", r.lockfile().toString());
        DevInfo.row(out, "trusted", "sha256 " + r.digest());
        DevInfo.row(out, "consented", "consent digest " + screen.consentDigest());
        if (screen.enableFor().isEmpty()) {
            DevInfo.row(out, "enabled", "for no agent");
            DevInfo.row(out, "next", FixText.command(new Fix.Enable(r.name(), new AgentScope.One(root.agent()))));
        } else {
            DevInfo.row(
                    out,
                    "enabled",
                    "for "
                            + String.join(
                                    ", ",
                                    screen.enableFor().stream()
                                            .map(Scopes::words)
                                            .toList()));
            DevInfo.row(out, "next", "animus plugin call " + r.name() + " <method>");
        }
        out.flush();
    }
}
