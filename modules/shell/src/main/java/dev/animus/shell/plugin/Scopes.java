package dev.animus.shell.plugin;

import dev.animus.core.AgentScope;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;

/** {@code --agent} and {@code --all-agents} of enable and disable. */
final class Scopes {
    private Scopes() {}

    /**
     * @param allByDefault whether no option means every agent (disable) rather than {@code default} (enable)
     */
    static AgentScope of(AnimusCommand root, boolean allAgents, boolean allByDefault) {
        if (allAgents && root.agentGiven()) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "option_invalid", "--agent and --all-agents exclude each other; give one");
        }
        if (allAgents || (allByDefault && !root.agentGiven())) {
            return new AgentScope.All();
        }
        try {
            return new AgentScope.One(root.agent());
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "agent_invalid", e.getMessage());
        }
    }

    static String words(AgentScope scope) {
        return switch (scope) {
            case AgentScope.One one -> "agent " + one.agent();
            case AgentScope.All all -> "all agents";
        };
    }

    static void report(AnimusCommand root, String schema, String verb, String name, AgentScope scope) {
        if (root.json) {
            var env = Terminal.envelope(schema).put("name", name);
            switch (scope) {
                case AgentScope.One one -> env.put("agent", one.agent());
                case AgentScope.All all -> env.put("all_agents", true);
            }
            root.terminal().printJson(env);
        } else {
            root.terminal().out().println(verb + " " + name + " for " + words(scope));
            root.terminal().out().flush();
        }
    }
}
