package dev.animus.plugins.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code subject/watch}: the change log's events, in commit order, whichever process wrote. */
class WatchTest {
    @TempDir
    Path project;

    private static String event(JsonNode n) {
        JsonNode e = n.get("params").get("event");
        return e.get("change_kind").asString() + " " + e.get("id").asString();
    }

    @Test
    void aWatchSeesTheWritesOfItsOwnAndOfAnotherProcessInCommitOrder() throws Exception {
        try (var watcher = PluginProcess.ready(project);
                var writer = PluginProcess.ready(project)) {
            String before = watcher.result("task/create", "{\"title\":\"before the watch\"}")
                    .get("subject")
                    .get("id")
                    .asString();
            int watch = watcher.request("subject/watch", PluginProcess.object("{\"kind\":\"task\"}"));
            JsonNode ack = watcher.answer(watch);
            assertTrue(ack.path("result").path("watch_id").isString(), ack.toString());

            String a = writer.result("task/create", "{\"title\":\"a\"}")
                    .get("subject")
                    .get("id")
                    .asString();
            writer.result("task/update", "{\"id\":\"" + a + "\",\"comment\":\"c\"}");
            writer.result("task/status", "{\"id\":\"" + a + "\",\"status\":\"done\"}");
            writer.result("requirement/create", "{\"title\":\"not watched\"}");
            String b = watcher.result("task/create", "{\"title\":\"b\"}")
                    .get("subject")
                    .get("id")
                    .asString();
            writer.result("task/delete", "{\"id\":\"" + before + "\"}");

            List<String> seen = new ArrayList<>();
            List<Long> seqs = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                JsonNode n = watcher.nextNotification();
                assertEquals("subject/changed", n.get("method").asString());
                assertEquals(watch, n.get("params").get("id").asInt(), "the event names the watch request");
                seen.add(event(n));
                seqs.add(n.get("params").get("event").get("seq").asLong());
                JsonNode e = n.get("params").get("event");
                assertEquals(!e.get("change_kind").asString().equals("deleted"), e.has("subject"), e.toString());
            }
            assertEquals(
                    List.of("created " + a, "updated " + a, "status-changed " + a, "created " + b, "deleted " + before),
                    seen);
            assertEquals(seqs.stream().sorted().toList(), seqs);

            watcher.send("{\"jsonrpc\":\"2.0\",\"method\":\"subject/unwatch\",\"params\":{\"watch_id\":\""
                    + ack.get("result").get("watch_id").asString() + "\"}}");
            writer.result("task/create", "{\"title\":\"after unwatch\"}");
            // a ping answered after the next poll round: no event for the unwatched create came first
            int second =
                    watcher.request("subject/watch", PluginProcess.object("{\"filter\":{\"status\":[\"blocked\"]}}"));
            watcher.answer(second);
            String c = writer.result("requirement/create", "{\"title\":\"c\"}")
                    .get("subject")
                    .get("id")
                    .asString();
            writer.result("requirement/status", "{\"id\":\"" + c + "\",\"status\":\"blocked\"}");
            JsonNode n = watcher.nextNotification();
            assertEquals(second, n.get("params").get("id").asInt(), n.toString());
            assertEquals("status-changed " + c, event(n));
            assertEquals(
                    "blocked",
                    n.get("params").get("event").get("subject").get("status").asString());
        }
    }

    @Test
    void aBadWatchIsInvalidParams() throws Exception {
        try (var plugin = PluginProcess.ready(project)) {
            JsonNode error = plugin.error("subject/watch", "{\"filter\":{\"status\":[\"open\"]}}");
            assertEquals(-32602, error.get("code").asInt());
            assertTrue(error.get("message").asString().startsWith("filter.status:"), error.toString());
            assertFalse(error.has("result"));
        }
    }
}
