package dev.animus.shell.agent;

import dev.animus.daemon.DaemonLink;
import dev.animus.runtime.AgentEndpoint;
import dev.animus.shell.AnimusCommand;
import java.util.Optional;

/**
 * Where a command line's provider runs happen: in the project's daemon when one runs (the same rule
 * as {@code plugin call}, docs/daemon.md#the-cli-uses-a-running-daemon; {@code --no-daemon} forces
 * this process), else in this process's host. Both give the same events and failures.
 */
final class AgentLookup {
    private AgentLookup() {}

    static AgentEndpoint endpoint(AnimusCommand root) {
        Optional<DaemonLink> daemon = root.daemon();
        if (daemon.isPresent()) {
            return daemon.get().agents(root.agent());
        }
        return root.animus().agents(root.context().host(), root.agent(), root.projectBinding());
    }
}
