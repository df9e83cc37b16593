package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.WebToken;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.net.URI;
import java.util.Optional;

/** The URL that logs a browser in: the transport's URL with the daemon's token as {@code ?token=}. */
final class WebUrls {
    private WebUrls() {}

    /** The daemon's web token, or a failure naming its file and the fix (a restart writes a new one). */
    static String token(DaemonScope scope) {
        return WebToken.read(scope.webTokenFile())
                .orElseThrow(() -> new CommandFailed(
                                ExitCodes.FAILED,
                                "web_token_missing",
                                "the daemon's web token " + scope.webTokenFile()
                                        + " is missing or unreadable (a daemon of an older version?); restart the"
                                        + " daemon: 'animus daemon restart'")
                        .withFix(Optional.of("animus daemon restart")));
    }

    /** {@code url} with {@code token=} added to its query; the token is URL-safe base64. */
    static URI login(URI url, String token) {
        String base = url.toString();
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : "";
        String sep = url.getRawQuery() == null ? "?" : "&";
        return URI.create(base + path + sep + "token=" + token);
    }
}
