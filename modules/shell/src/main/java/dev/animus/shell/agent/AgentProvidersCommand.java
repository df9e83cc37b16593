package dev.animus.shell.agent;

import dev.animus.daemon.DaemonFailure;
import dev.animus.runtime.ProviderInfo;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus agent providers}: the installed plugins of kind provider. */
@Command(
        name = "providers",
        mixinStandardHelpOptions = true,
        description = {
            "List the installed providers.",
            "",
            "List the installed plugins of kind provider: the name they are installed under, the provider name",
            "they answer to ('agent run --provider'), their version and capabilities."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus agent providers", "  animus agent providers --json | jq -r '.providers[].name'"})
public final class AgentProvidersCommand implements Callable<Integer> {

    @ParentCommand
    AgentCommand agent;

    @Override
    public Integer call() {
        AnimusCommand root = agent.root;
        Terminal t = root.terminal();
        List<ProviderInfo> found;
        try {
            found = AgentLookup.endpoint(root).providers();
        } catch (DaemonFailure e) {
            throw Failures.ofException(e);
        }
        if (root.json) {
            ObjectNode env = Terminal.envelope("agent.providers");
            ArrayNode list = env.putArray("providers");
            for (ProviderInfo p : found) {
                ObjectNode o = list.addObject();
                o.put("name", p.name());
                o.put("provider", p.canonical());
                o.put("version", p.version());
                o.put("description", p.description());
                p.capabilities().forEach(o.putArray("capabilities")::add);
            }
            t.printJson(env);
        } else if (found.isEmpty()) {
            t.result("no providers installed (a plugin of kind provider; 'animus plugin install-defaults"
                    + " --include-oai-agent' installs oai)");
        } else {
            Table table = Table.of("NAME", "PROVIDER", "VERSION", Table.end("CAPABILITIES"));
            found.forEach(p -> table.row(p.name(), p.canonical(), p.version(), String.join(" ", p.capabilities())));
            table.print(t.out(), root.layout());
            t.out().flush();
        }
        return ExitCodes.OK;
    }
}
