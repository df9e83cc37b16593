package dev.animus.shell.plugin;

import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.discovery.DiscoveredPlugin;
import dev.animus.discovery.Discovery;
import dev.animus.discovery.UntrustedBinary;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.FixText;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.trust.TrustColumn;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin list}: every plugin discovery finds, and why others are missing. */
@Command(
        name = "list",
        aliases = "ls",
        mixinStandardHelpOptions = true,
        description = {
            "List the plugins Animus finds.",
            "",
            "List the plugins Animus finds, in precedence order: installed plugins, the registry",
            "(plugins.toml), the project's .animus/plugins/, the global install dir, $ANIMUS_PLUGIN_PATH, and $PATH",
            "with --include-system-path. The first source to claim a name keeps it. STAGE says where each stands",
            "for the agent (--agent): untrusted binaries are listed but never run, not even to read their manifest.",
            "Entries that cannot be used are warnings on stderr, one line each; a broken entry still reserves its name."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin list", "  animus plugin list --json", "  animus plugin list --include-system-path"})
public final class ListCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Discovery d = root.discover(root.includeSystemPath);
        Terminal t = root.terminal();
        TrustColumn trust = TrustColumn.read(root);
        if (root.json) {
            ObjectNode env = Terminal.envelope("plugin.list");
            ArrayNode plugins = env.putArray("plugins");
            d.plugins().forEach(p -> {
                ObjectNode o = json(p).put("stage", trust.of(p));
                sameBytes(o, d.installedWithSameBytes(p.name(), p.sha256()));
                plugins.add(o);
            });
            ArrayNode untrusted = env.putArray("untrusted");
            d.untrusted()
                    .forEach(u -> untrusted
                            .addObject()
                            .put("name", u.name())
                            .put("path", u.path())
                            .put("source", u.source().word())
                            .put("sha256", u.sha256())
                            .put("fix", FixText.command(u.fix()))
                            .set("same_bytes_as", names(d.installedWithSameBytes(u.name(), Optional.of(u.sha256())))));
            ArrayNode warnings = env.putArray("warnings");
            d.warnings()
                    .forEach(w -> warnings.addObject()
                            .put("name", w.name())
                            .put("path", w.path())
                            .put("source", w.source().word())
                            .put("reason", FixText.render(w.reason())));
            t.printJson(env);
        } else {
            if (d.plugins().isEmpty()
                    && d.untrusted().isEmpty()
                    && installedBroken(d).isEmpty()) {
                var paths = root.paths();
                t.result("no plugins installed or found (looked in " + paths.registry() + ", " + paths.projectPlugins()
                        + ", "
                        + paths.pluginDir() + (paths.pluginPath().isEmpty() ? "" : ", $ANIMUS_PLUGIN_PATH")
                        + (root.includeSystemPath ? ", $PATH" : "") + ")");
            } else {
                table(t, root.layout(), d, trust);
            }
        }
        d.warnings().forEach(w -> t.warn(line(w)));
        return ExitCodes.OK;
    }

    /** Installed names discovery cannot use: still rows, since they are installed. */
    private static List<DiscoveryWarning> installedBroken(Discovery d) {
        return d.broken().stream()
                .filter(w -> w.source() == DiscoverySource.INSTALLED)
                .toList();
    }

    private static void sameBytes(ObjectNode o, List<String> installed) {
        o.set("same_bytes_as", names(installed));
    }

    private static ArrayNode names(List<String> names) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        names.forEach(a::add);
        return a;
    }

    static String line(DiscoveryWarning w) {
        return w.name() + " (" + w.source().word() + " " + w.path() + "): " + FixText.render(w.reason());
    }

    private static ObjectNode json(DiscoveredPlugin p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        var m = p.manifest();
        o.put("name", p.name())
                .put("version", m.version().toString())
                .put("kind", m.kind().declared())
                .put("routed_kind", m.kind().routed().name().toLowerCase(Locale.ROOT))
                .put("description", m.description())
                .put("protocol_version", m.protocolVersion().toString())
                .put("source", p.source().word())
                .put("path", p.location().toString())
                .put("executable", p.executable().toString())
                .put("directory_plugin", p.directoryPlugin())
                .put("manifest_cached", p.cached());
        ArrayNode kinds = o.putArray("extra_kinds");
        m.extraKinds().forEach(k -> kinds.add(k.declared()));
        if (p.sha256().isPresent()) {
            o.put("sha256", p.sha256().get());
        } else {
            o.putNull("sha256");
        }
        return o;
    }

    private static void table(Terminal t, Layout layout, Discovery d, TrustColumn trust) {
        Table table = Table.of("NAME", "VERSION", "KIND", "STAGE", "SOURCE", Table.middle("PATH"));
        for (DiscoveredPlugin p : d.plugins()) {
            table.row(
                    p.name(),
                    p.manifest().version().toString(),
                    p.manifest().kind().declared(),
                    trust.of(p),
                    p.source().word(),
                    layout.path(p.location()));
        }
        for (UntrustedBinary u : d.untrusted()) {
            table.row(u.name(), "-", "-", "untrusted", u.source().word(), layout.path(u.path()));
        }
        for (DiscoveryWarning w : installedBroken(d)) {
            table.row(w.name(), "-", "-", "broken", w.source().word(), layout.path(w.path()));
        }
        table.print(t.out(), layout);
        for (DiscoveredPlugin p : d.plugins()) {
            List<String> same = d.installedWithSameBytes(p.name(), p.sha256());
            if (p.source() != DiscoverySource.INSTALLED && !same.isEmpty()) {
                t.info(p.name() + " (" + p.source().word() + ") has the same bytes as the installed "
                        + String.join(", ", same));
            }
        }
        for (UntrustedBinary u : d.untrusted()) {
            List<String> same = d.installedWithSameBytes(u.name(), Optional.of(u.sha256()));
            if (u.source() != DiscoverySource.INSTALLED && !same.isEmpty()) {
                t.info(u.name() + " (" + u.source().word() + ") has the same bytes as the installed "
                        + String.join(", ", same));
            }
        }
        if (!d.untrusted().isEmpty()) {
            t.info("untrusted plugins were not run; to use one: "
                    + FixText.command(d.untrusted().getFirst().fix()));
        }
    }
}
