package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.render.Terminal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus web open}: the dashboard of the daemon's UI transport, in the browser. */
@Command(
        name = "open",
        mixinStandardHelpOptions = true,
        description = {
            "Open the web dashboard in a browser.",
            "",
            "Open the dashboard of the project's daemon: its UI transport's URL with the daemon's web token,",
            "which the page keeps in a cookie. Starts the daemon (without preflight) when none runs, and its",
            "transports when none runs. Opens the URL with $BROWSER, 'open' (macOS) or 'xdg-open' (a display);",
            "without a display, or with --print, prints it instead. Exits 1 when no transport is installed",
            "(naming the install command) or the daemon cannot be started."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus web open",
            "  animus web open --print",
            "  animus --json web open --print | jq -r .login_url"
        })
public final class OpenCommand implements Callable<Integer> {

    @ParentCommand
    WebCommand web;

    @Option(names = "--print", description = "Print the URL (it holds the token) instead of opening a browser.")
    boolean print;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "30s",
            description = "How long to wait for the daemon and its transports (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        AnimusCommand root = web.root;
        Terminal t = root.terminal();
        Duration wait = DevCommand.duration(timeout, "--timeout");
        Optional<Running.Connected> found = Running.find(root);
        if (found.isEmpty()) {
            int started = StartCommand.background(root, root.daemonScope(), wait, false);
            if (started != ExitCodes.OK) {
                return started;
            }
            found = Running.find(root);
        }
        Running.Connected running = found.orElseThrow(() -> Running.notRunning(root.daemonScope()));
        // starts them when none runs, and waits for a start under way (the daemon's own, at its start)
        JsonNode list = running.link().request("transport/start", JsonNodeFactory.instance.objectNode());
        JsonNode ui = WebServe.firstUi(list.path("transports"))
                .orElseThrow(() -> WebServe.noTransport(
                        root.daemonScope().root(), !list.path("transports").isEmpty()));
        URI url = URI.create(ui.path("url").asString());
        URI login = WebUrls.login(url, WebUrls.token(running.scope()));
        Optional<List<String>> opener =
                print ? Optional.empty() : Browser.opener(root.environment(), System.getProperty("os.name", ""));
        Optional<String> failed = opener.flatMap(o -> Browser.open(o, login, root.environment()));
        boolean opened = opener.isPresent() && failed.isEmpty();
        if (root.json) {
            ObjectNode env = Terminal.envelope("web.open")
                    .put("plugin", ui.path("plugin").asString())
                    .put("url", url.toString())
                    .put("login_url", login.toString())
                    .put("opened", opened);
            t.printJson(env);
            return ExitCodes.OK;
        }
        if (opened) {
            t.result("opened " + url + " (" + ui.path("plugin").asString() + ") in the browser");
            return ExitCodes.OK;
        }
        failed.ifPresent(why -> t.warn("the browser could not be opened: " + why));
        if (opener.isEmpty() && !print) {
            t.info("no display to open a browser on: open this URL (it logs the browser in once)");
        }
        t.out().println(login);
        t.out().flush();
        return ExitCodes.OK;
    }
}
