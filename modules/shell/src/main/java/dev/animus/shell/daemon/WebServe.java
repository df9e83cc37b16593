package dev.animus.shell.daemon;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** What {@code web serve} and {@code web open} share: the UI transport of a list, the failure when none. */
final class WebServe {
    private WebServe() {}

    /** The command that installs the bundled transport. */
    static final String INSTALL = "animus plugin install-defaults --include-transports --yes";

    /** The first transport of {@code transports} (as {@code transport/list} answers) that serves a UI at a URL. */
    static Optional<JsonNode> firstUi(JsonNode transports) {
        for (JsonNode t : transports) {
            if (t.path("ui").asBoolean(false) && t.path("url").isString()) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /**
     * Exit 1: nothing serves the dashboard for {@code project} ({@code someRun}: transports run, none
     * with a UI); names the install command.
     */
    static CommandFailed noTransport(Path project, boolean someRun) {
        String message = !someRun
                ? "no transport runs for " + project + ": no transport_backend plugin is enabled, or none could"
                        + " start ('animus daemon logs' says why); install the bundled HTTP transport: '" + INSTALL
                        + "'"
                : "no transport for " + project + " serves a web UI (none advertises $ui/web); install the bundled"
                        + " HTTP transport: '" + INSTALL + "'";
        return new CommandFailed(ExitCodes.FAILED, "web_no_transport", message).withFix(Optional.of(INSTALL));
    }
}
