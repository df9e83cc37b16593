package dev.animus.shell.subject;

import dev.animus.daemon.DaemonLink;
import dev.animus.runtime.SubjectEndpoint;
import dev.animus.shell.AnimusCommand;
import java.util.Optional;

/**
 * Where a command line's subject calls go: the project's daemon when one runs (the same rule as
 * {@code plugin call}, docs/daemon.md#the-cli-uses-a-running-daemon; {@code --no-daemon} forces
 * this process), else this process's host, the backends enabled for the command's agent. Both
 * give the same results and failures.
 */
final class SubjectLookup {
    private SubjectLookup() {}

    static SubjectEndpoint endpoint(AnimusCommand root) {
        Optional<DaemonLink> daemon = root.daemon();
        if (daemon.isPresent()) {
            return daemon.get().subjects(root.agent());
        }
        return root.animus().subjects(root.context().host(), root.agent(), root.projectBinding());
    }
}
