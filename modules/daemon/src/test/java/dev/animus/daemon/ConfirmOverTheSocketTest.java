package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.discovery.AnimusPaths;
import dev.animus.install.LaunchRefused;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The use cases that need the operator's confirmation, over the control socket: each takes the
 * digest the operator was shown and is refused when it is not the one there now, so a program
 * over the socket can grant only what a person saw. Then the plugin runs through the daemon, and a
 * grant revoked by another process takes effect at the next call.
 */
class ConfirmOverTheSocketTest {
    @TempDir
    Path dir;

    private static ObjectNode p() {
        return JsonNodeFactory.instance.objectNode();
    }

    @Test
    void installTrustAndConsentTakeTheShownDigestAndARevokedGrantStopsTheNextCall() throws Exception {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(), "ANIMUS_HOME", dir.resolve("home").toString());
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path echo = Path.of(System.getProperty("animus.testplugins.dir"), "animus-plugin-echo");
        Path socket = dir.resolve("d.sock");
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        try (Daemon daemon = Daemon.start(
                        animus,
                        Plugins.start(),
                        new Daemon.Options(
                                project, socket, Optional.empty(), "test", InstantSource.system(), s -> {}));
                DaemonLink link = DaemonLink.connect(socket)) {
            String sha = Animus.sha256(echo);
            DaemonFailure wrong = assertThrows(
                    DaemonFailure.class,
                    () -> link.request(
                            "plugin/install", p().put("path", echo.toString()).put("confirm", "0".repeat(64))));
            assertEquals(DaemonFailure.Reason.REFUSED, wrong.reason());
            assertTrue(wrong.getMessage().contains("not the confirmed"), wrong.getMessage());

            JsonNode installed = link.request(
                    "plugin/install", p().put("path", echo.toString()).put("confirm", sha));
            String name = installed.path("report").path("name").asString();
            assertEquals("echo", name);

            assertThrows(
                    DaemonFailure.class,
                    () -> link.request("plugin/trust", p().put("name", name).put("confirm", "f".repeat(64))));
            JsonNode shown = link.request("plugin/inspect", p().put("name", name));
            link.request(
                    "plugin/trust",
                    p().put("name", name).put("confirm", shown.path("sha256").asString()));
            String consent = link.request("plugin/inspect", p().put("name", name))
                    .path("consent_digest")
                    .asString();
            assertThrows(
                    DaemonFailure.class,
                    () -> link.request("plugin/consent", p().put("name", name).put("confirm", "e".repeat(64))));
            link.request("plugin/consent", p().put("name", name).put("confirm", consent));
            link.request("plugin/enable", p().put("name", name).put("agent", "default"));

            var plugin = link.plugin(link.resolve(name, "default"));
            JsonNode echoed = plugin.call("echo", p().put("n", 7), dev.animus.host.CallOptions.defaults());
            assertEquals(7, echoed.path("n").asInt(), echoed.toString());

            // another process revokes the grant (here: the same API, as a one-shot command would)
            try (Animus other = Animus.open(AnimusPaths.from(env, project), env)) {
                other.disable(name, new dev.animus.core.AgentScope.All());
            }
            LaunchRefused refused = assertThrows(LaunchRefused.class, () -> link.resolve(name, "default"));
            assertTrue(refused.getMessage().contains("not enabled"), refused.getMessage());
            assertTrue(daemon.server().accepted() >= 1);
        }
    }
}
