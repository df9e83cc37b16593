package dev.animus.shell.subject;

import dev.animus.runtime.SubjectEndpoint;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;

/**
 * Where a command line's subject calls go: the project's daemon when one runs (the same rule as
 * {@code plugin call}, docs/daemon.md#the-cli-uses-a-running-daemon; {@code --no-daemon} forces
 * this process), else this process's host. Both give the same results and failures.
 */
final class SubjectLookup {
    private SubjectLookup() {}

    static SubjectEndpoint endpoint(AnimusCommand root) {
        // placeholder until the runtime's endpoint (Animus.subjects, DaemonLink.subjects) is merged
        throw new CommandFailed(
                ExitCodes.FAILED, "not_supported", "subjects are not routed by this build of animus yet");
    }
}
