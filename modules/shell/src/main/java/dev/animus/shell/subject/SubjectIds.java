package dev.animus.shell.subject;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;

/** A subject id as the command line takes it: {@code <kind>:<id>}, the kind naming the backend. */
final class SubjectIds {
    private SubjectIds() {}

    /**
     * {@code id}, when it names a kind before a {@code :} with something after it.
     *
     * @throws CommandFailed (exit 2) otherwise, saying how an id is written
     */
    static String require(String id) {
        int colon = id.indexOf(':');
        if (colon <= 0 || colon == id.length() - 1 || !id.strip().equals(id)) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "subject_id_invalid",
                    "subject id '" + id + "' is not <kind>:<id>: give it with its kind, e.g. task:42"
                            + " ('animus subject list' shows the ids)");
        }
        return id;
    }
}
