package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A front end's control method (the shell's {@code completion/complete}): answered over the real
 * socket beside the daemon's own methods, its bad request a categorised error, and never in one
 * of the daemon's groups.
 */
class FrontEndMethodTest {
    @TempDir
    Path dir;

    @Test
    void aFrontEndsMethodIsAnsweredOverTheSocketAndItsBadRequestIsTheClientsError() throws Exception {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(), "ANIMUS_HOME", dir.resolve("home").toString());
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path socket = dir.resolve("d.sock");
        FrontEndMethod shout = new FrontEndMethod("test/shout", params -> {
            String text = params.path("text").asString("");
            if (text.isEmpty()) {
                throw new IllegalArgumentException("test/shout needs 'text'");
            }
            return JsonNodeFactory.instance.objectNode().put("shouted", text.toUpperCase(java.util.Locale.ROOT));
        });
        Daemon.Options options = new Daemon.Options(
                project,
                socket,
                Optional.empty(),
                "test",
                InstantSource.system(),
                s -> {},
                Optional.empty(),
                true,
                List.of(shout));
        try (Daemon daemon = Daemon.start(Animus.open(AnimusPaths.from(env, project), env), Plugins.start(), options);
                DaemonLink link = DaemonLink.connect(socket)) {
            JsonNode answer = link.request(
                    "test/shout", JsonNodeFactory.instance.objectNode().put("text", "hi"));
            assertEquals("HI", answer.path("shouted").asString());
            DaemonFailure bad = assertThrows(
                    DaemonFailure.class, () -> link.request("test/shout", JsonNodeFactory.instance.objectNode()));
            assertEquals(DaemonFailure.Reason.REFUSED, bad.reason());
            assertTrue(bad.getMessage().contains("test/shout needs 'text'"), bad.getMessage());
            assertTrue(
                    link.request("daemon/status", JsonNodeFactory.instance.objectNode())
                            .path("pid")
                            .isNumber(),
                    "the daemon's own methods are still there");
            assertTrue(daemon.server().accepted() >= 1);
        }
    }

    @Test
    void aFrontEndCannotTakeOrShadowOneOfTheDaemonsMethods() {
        for (String name :
                List.of("plugin/call", "daemon/stop", "subject/list", "$/cancelRequest", "queue/x", "nogroup", "A/b")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> new FrontEndMethod(name, p -> p), name);
            assertTrue(e.getMessage().contains(name), e.getMessage());
        }
        assertEquals("completion/complete", new FrontEndMethod("completion/complete", p -> p).name());
    }
}
