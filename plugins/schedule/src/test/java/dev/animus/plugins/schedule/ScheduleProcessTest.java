package dev.animus.plugins.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The schedule trigger as a real plugin process: manifest, handshake, a bad cron refused, an old cursor caught up at once. */
class ScheduleProcessTest {
    @TempDir
    Path project;

    @Test
    void theManifestNamesATriggerBackendThatWatches() throws Exception {
        JsonNode m = PluginProcess.manifest(project);
        assertEquals("animus-trigger-schedule", m.get("name").asString());
        assertEquals("trigger_backend", m.get("plugin_kind").asString());
        assertTrue(m.get("capabilities").toString().contains("\"trigger/watch\""), m.toString());
    }

    @Test
    void aBadCronIsRefusedNamingTheScheduleAndTheFieldAndAnOldCursorIsCaughtUpAtOnce() throws Exception {
        try (var plugin = PluginProcess.ready(project, Map.of())) {
            JsonNode error = plugin.error(
                    "trigger/watch", "{\"config\":{\"schedules\":[{\"id\":\"nightly\",\"cron\":\"0 25 * * *\"}]}}");
            assertEquals(-32602, error.get("code").asInt());
            String message = error.get("message").asString();
            assertTrue(
                    message.startsWith("config.schedules[0].cron: schedule 'nightly': cron '0 25 * * *': hour: '25'"
                            + " is out of range; allowed: 0-23"),
                    message);

            Instant before = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            JsonNode result = plugin.result(
                    "trigger/watch",
                    "{\"cursor\":\"{\\\"every\\\":\\\"2020-01-01T00:00:00Z\\\"}\",\"config\":{\"schedules\":["
                            + "{\"id\":\"every\",\"cron\":\"* * * * *\",\"kind\":\"task\",\"labels\":[\"cron\"],"
                            + "\"title\":\"tick\",\"description\":\"once a minute\"}]}}");
            assertEquals(0, result.size(), result.toString());
            JsonNode log = plugin.nextNotification();
            assertEquals("log/entry", log.get("method").asString(), log.toString());
            JsonNode n = plugin.nextNotification();
            assertEquals("trigger/event", n.get("method").asString(), n.toString());
            JsonNode e = n.get("params");
            Instant fired = Instant.parse(e.get("payload").get("fired_at").asString());
            assertTrue(
                    !fired.isBefore(before) && fired.getEpochSecond() % 60 == 0, fired + " is not the latest minute");
            assertEquals("every@" + fired, e.get("event_id").asString());
            assertEquals("task", e.get("subject_kind").asString());
            assertEquals("tick", e.get("payload").get("title").asString());
            assertEquals("once a minute", e.get("payload").get("description").asString());
            assertEquals("[\"cron\"]", e.get("payload").get("labels").toString());
            assertEquals("every", e.get("payload").get("schedule").asString());
            assertEquals("{\"every\":\"" + fired + "\"}", e.get("cursor").asString());
        }
    }
}
