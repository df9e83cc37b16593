package dev.animus.shell.trust;

import dev.animus.core.Disclosure;
import dev.animus.core.Interpreter;
import dev.animus.core.OneLine;
import dev.animus.install.Inspection;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.plugin.PluginCommand;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin consent <name>}: accept what a trusted plugin declares. */
@Command(
        name = "consent",
        mixinStandardHelpOptions = true,
        description = {
            "Show and accept what a trusted plugin declares.",
            "",
            "Show what a trusted plugin declares (its disclosure: kinds, methods, hooks, events, network",
            "destinations, data it sends, environment and secrets) and accept it. The grant is for this exact",
            "disclosure digest: if any of it changes, the plugin reads 'not consented' until you consent again."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin consent echo", "  animus plugin consent echo --yes --json"})
public final class ConsentCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed, trusted plugin.")
    String name;

    @Option(names = "--yes", description = "Confirm without asking (needed without a terminal).")
    boolean yes;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Inspection seen = root.animus().inspect(name, root.agent()).inspection();
        if (seen.disclosure().isEmpty()) {
            throw new CommandFailed(
                            ExitCodes.USAGE,
                            "no_manifest",
                            "plugin " + name + " has no readable manifest to consent to;" + " run 'animus plugin trust "
                                    + name + "' first ('animus plugin doctor " + name + "' says why)")
                    .withFix(Optional.of("animus plugin trust " + name))
                    .withPlugin(name);
        }
        Disclosure d = seen.disclosure().get();
        String digest = seen.consentDigest().orElseThrow();
        if (!root.json) {
            print(root.terminal().out(), name, d, digest, seen.state().interpreter(d.codeDigest()));
        }
        Confirm.require(root, yes, "consent to plugin " + name, "Consent to this disclosure of " + name + "?");
        root.animus().consent(name, digest);
        if (root.json) {
            ObjectNode env =
                    Terminal.envelope("plugin.consent").put("name", name).put("consent_digest", digest);
            env.set("disclosure", json(d));
            root.terminal().printJson(env);
        } else {
            root.terminal().out().println("consented to " + name + "'s disclosure (digest " + digest + ")");
            DevInfo.row(
                    root.terminal().out(),
                    "next",
                    "animus plugin enable " + name + (root.agentGiven() ? " --agent " + root.agent() : ""));
            root.terminal().out().flush();
        }
        return ExitCodes.OK;
    }

    public static void print(
            PrintWriter out, String name, Disclosure d, String digest, Optional<Interpreter> interpreter) {
        print(out, Layout.full(), name, d, digest, interpreter);
    }

    /** The disclosure with its digests as {@code layout} shows them (short in a table's width). */
    public static void print(
            PrintWriter out,
            Layout layout,
            String name,
            Disclosure d,
            String digest,
            Optional<Interpreter> interpreter) {
        out.println(OneLine.of("disclosure of " + name + " (consent digest " + layout.digest(digest) + "):"));
        row(out, "code sha256", List.of(layout.digest(d.codeDigest())));
        interpreter.ifPresent(i -> row(out, "runs on", List.of(i.shown() + " (recorded when it was trusted)")));
        row(out, "kinds", d.kinds());
        row(out, "capabilities", d.capabilities());
        row(out, "hooks", d.hooks());
        row(out, "policy hooks", d.policyHooks());
        row(out, "events", d.events());
        row(out, "network", d.networkDestinations());
        row(out, "data sent", d.dataSent());
        row(out, "env", d.envNames());
        row(out, "secrets", d.secretNames());
        out.flush();
    }

    private static void row(PrintWriter out, String key, List<String> values) {
        out.printf("  %-14s %s%n", key, OneLine.of(DevInfo.list(values)));
    }

    public static ObjectNode json(Disclosure d) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("code_sha256", d.codeDigest());
        list(o.putArray("kinds"), d.kinds());
        list(o.putArray("capabilities"), d.capabilities());
        list(o.putArray("hooks"), d.hooks());
        list(o.putArray("policy_hooks"), d.policyHooks());
        list(o.putArray("events"), d.events());
        list(o.putArray("network_destinations"), d.networkDestinations());
        list(o.putArray("data_sent"), d.dataSent());
        list(o.putArray("env"), d.envNames());
        list(o.putArray("secrets"), d.secretNames());
        return o;
    }

    private static void list(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }
}
