package dev.animus.shell.plugin;

import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallRecord;
import dev.animus.core.Interpreter;
import dev.animus.core.OneLine;
import dev.animus.core.PluginState;
import dev.animus.install.Inspection;
import dev.animus.runtime.ArtifactCheck;
import dev.animus.runtime.PluginInspection;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.SignatureText;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.trust.ConsentCommand;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin inspect <name>}: everything the operator allowed, and whether the code is intact. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
            "Show an installed plugin's digest, origin and grants.",
            "",
            "Show an installed plugin's code digest (re-hashed now: 'artifact valid'), where it came from,",
            "its disclosure and consent digest, the grants, the agents it is enabled for, and its lockfile pin.",
            "Nothing runs."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin inspect echo", "  animus plugin inspect echo --json"})
public final class InspectCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        PluginInspection pi = root.animus().inspect(name, root.agent());
        Inspection i = pi.inspection();
        pi.problems().forEach(p -> root.terminal().warn(name + " " + p.slot() + ": " + p.reason()));
        if (root.json) {
            root.terminal().printJson(InspectJson.of(pi));
        } else {
            print(root.terminal().out(), root.layout(), pi);
        }
        return ExitCodes.OK;
    }

    /**
     * The key/value lines: the code's digest in full (the line fits 80 columns), every other
     * digest, path and time as {@code layout} shows it.
     */
    private static void print(PrintWriter out, Layout layout, PluginInspection pi) {
        Inspection i = pi.inspection();
        PluginState s = i.state();
        InstallRecord r = s.current().orElseThrow();
        out.println(OneLine.of("plugin " + i.name()));
        DevInfo.row(out, "stage", i.stage().word() + " (agent " + i.agent() + ")");
        DevInfo.row(out, "code sha256", r.digest());
        DevInfo.row(out, "artifact valid", layout.text(artifact(pi.artifact())));
        DevInfo.row(out, "stored as", r.shape().word() + ", entry " + r.entry());
        DevInfo.row(
                out,
                "source",
                layout.text(r.source().kind().word() + " " + r.source().origin()));
        DevInfo.row(out, "installed at", layout.time(r.installedAt()));
        DevInfo.row(out, "signature", SignatureText.describe(r.signature()));
        DevInfo.row(
                out,
                "previous",
                s.previous()
                        .map(p -> layout.digest(p.digest()) + " (installed " + layout.time(p.installedAt()) + ")")
                        .orElse("-"));
        DevInfo.row(
                out,
                "trusted",
                DevInfo.list(s.trustedDigests().stream().map(layout::digest).toList()));
        DevInfo.row(
                out,
                "interpreter",
                s.interpreter(r.digest())
                        .map(Interpreter::shown)
                        .orElse(
                                s.trustedDigests().contains(r.digest())
                                        ? "none (runs itself)"
                                        : "- (resolved when trusted)"));
        DevInfo.row(
                out,
                "manifest",
                i.manifest()
                        .map(m -> m.name() + " " + m.version() + " (" + m.kind().declared() + ")")
                        .orElse(r.manifest().isPresent() ? "recorded but invalid" : "not read yet (trust it first)"));
        DevInfo.row(out, "consented", i.consented() ? "yes" : "no");
        DevInfo.row(
                out,
                "grants",
                DevInfo.list(
                        s.consentGrants().stream().map(g -> grant(layout, g)).toList()));
        DevInfo.row(
                out,
                "enabled for",
                s.enabledAllAgents()
                        ? "all agents"
                        : DevInfo.list(s.enabledAgents().stream().toList()));
        DevInfo.row(
                out,
                "lockfile",
                pi.pin()
                        .map(p -> "sha256 " + layout.digest(p.artifactSha256())
                                + (p.artifactSha256().equals(r.digest()) ? " (matches)" : " (DIFFERS)"))
                        .orElse("not pinned"));
        if (i.disclosure().isPresent()) {
            out.println();
            ConsentCommand.print(
                    out,
                    layout,
                    i.name(),
                    i.disclosure().get(),
                    i.consentDigest().orElseThrow(),
                    i.state().interpreter(i.disclosure().get().codeDigest()));
        }
        out.flush();
    }

    static String artifact(ArtifactCheck v) {
        return switch (v) {
            case ArtifactCheck.Intact ok -> "yes";
            case ArtifactCheck.Changed c -> "no: its content now has sha256 " + c.actualDigest();
            case ArtifactCheck.Missing m -> "no: the store entry is gone";
            case ArtifactCheck.Refused r -> "no: " + r.reason();
        };
    }

    private static String grant(Layout layout, ConsentGrant g) {
        return layout.digest(g.digest()) + " at " + layout.time(g.grantedAt());
    }

    /** The {@code animus.plugin.inspect.v1} document. */
    static final class InspectJson {
        private InspectJson() {}

        static ObjectNode of(PluginInspection pi) {
            Inspection i = pi.inspection();
            PluginState s = i.state();
            InstallRecord r = s.current().orElseThrow();
            ObjectNode env = Terminal.envelope("plugin.inspect")
                    .put("name", i.name())
                    .put("agent", i.agent())
                    .put("stage", i.stage().name().toLowerCase(Locale.ROOT))
                    .put("sha256", r.digest())
                    .put("artifact_valid", i.artifactValid())
                    .put("artifact", artifact(pi.artifact()))
                    .put("shape", r.shape().word())
                    .put("entry", r.entry())
                    .put("source_kind", r.source().kind().word())
                    .put("origin", r.source().origin())
                    .put("installed_at", r.installedAt().toString())
                    .put("consented", i.consented())
                    .put("enabled_all_agents", s.enabledAllAgents());
            SignatureText.put(env, r.signature());
            s.previous()
                    .ifPresentOrElse(p -> env.put("previous_sha256", p.digest()), () -> env.putNull("previous_sha256"));
            s.trustedDigests().forEach(env.putArray("trusted_digests")::add);
            s.interpreter(r.digest())
                    .ifPresentOrElse(
                            in -> in.command().forEach(env.putArray("interpreter")::add),
                            () -> env.putNull("interpreter"));
            var grants = env.putArray("consent_grants");
            s.consentGrants()
                    .forEach(g -> grants.addObject()
                            .put("digest", g.digest())
                            .put("granted_at", g.grantedAt().toString()));
            s.enabledAgents().forEach(env.putArray("enabled_agents")::add);
            i.consentDigest().ifPresentOrElse(d -> env.put("consent_digest", d), () -> env.putNull("consent_digest"));
            i.disclosure()
                    .ifPresentOrElse(
                            d -> env.set("disclosure", ConsentCommand.json(d)), () -> env.putNull("disclosure"));
            pi.pin()
                    .ifPresentOrElse(
                            p -> env.put("locked_sha256", p.artifactSha256()), () -> env.putNull("locked_sha256"));
            var problems = env.putArray("problems");
            pi.problems()
                    .forEach(p -> problems.addObject().put("slot", p.slot()).put("reason", p.reason()));
            return env;
        }
    }
}
