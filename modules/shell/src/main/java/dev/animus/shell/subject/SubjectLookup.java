package dev.animus.shell.subject;

import dev.animus.runtime.SubjectEndpoint;
import dev.animus.shell.AnimusCommand;

/**
 * Where a command line's subject calls go: this process's host, the backends enabled for the
 * command's agent, bound to its project when {@code --project-root} is given.
 */
final class SubjectLookup {
    private SubjectLookup() {}

    static SubjectEndpoint endpoint(AnimusCommand root) {
        // the daemon's endpoint (DaemonLink.subjects) is not there yet: every call runs in this process
        return root.animus().subjects(root.context().host(), root.agent(), root.projectBinding());
    }
}
