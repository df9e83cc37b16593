package dev.animus.plugins.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The plugin is killed with SIGKILL again and again amid a stream of enqueues and of leases each
 * followed by its completion (several requests in flight), after a seeded random number of
 * acknowledged writes; then every acknowledged enqueue and completion is in the database and
 * {@code PRAGMA integrity_check} is {@code ok}. {@code -Danimus.queue.kills} (default 15) and
 * {@code -Danimus.queue.kill.seed} change and replay a run; each kill costs a JVM start.
 */
class KillTest {
    private static final int IN_FLIGHT = 6;

    @TempDir
    Path project;

    record Call(int id, String kind, String mark) {}

    @Test
    void everyAcknowledgedEnqueueAndCompletionSurvivesKillNine() throws Exception {
        int kills = Integer.getInteger("animus.queue.kills", 15);
        long seed = Long.getLong("animus.queue.kill.seed", System.nanoTime());
        System.out.println("KillTest: " + kills + " kills, seed " + seed + " (-Danimus.queue.kill.seed=" + seed + ")");
        Random random = new Random(seed);
        Map<String, String> enqueued = new HashMap<>(); // acknowledged: entry id -> subject
        Map<String, String> completed = new HashMap<>(); // acknowledged: entry id -> status
        int serial = 0;
        long started = System.nanoTime();
        for (int round = 0; round < kills; round++) {
            int target = 1 + random.nextInt(16);
            int acked = 0;
            var plugin = PluginProcess.ready(project);
            ArrayDeque<Call> flight = new ArrayDeque<>();
            while (acked < target) {
                while (flight.size() < IN_FLIGHT) {
                    if (random.nextInt(3) > 0) {
                        String subject = "task:" + serial++;
                        flight.add(new Call(
                                plugin.request(
                                        "queue/enqueue", PluginProcess.object("{\"subject_id\":\"" + subject + "\"}")),
                                "enqueue",
                                subject));
                    } else {
                        flight.add(new Call(
                                plugin.request("queue/lease", PluginProcess.object("{\"worker\":\"k\"}")),
                                "lease",
                                ""));
                    }
                }
                Call c = flight.poll();
                JsonNode result = plugin.answer(c.id()).get("result");
                assertNotNull(result, c + " failed; stderr: " + plugin.stderr());
                switch (c.kind()) {
                    case "enqueue" -> {
                        enqueued.put(result.get("entry").get("id").asString(), c.mark());
                        acked++;
                    }
                    case "lease" -> {
                        for (JsonNode e : result.get("entries")) {
                            String outcome = random.nextBoolean() ? "done" : "failed";
                            String params = "{\"entry_id\":\"" + e.get("id").asString() + "\",\"lease_id\":\""
                                    + e.get("lease").get("lease_id").asString() + "\",\"outcome\":\"" + outcome
                                    + "\"}";
                            flight.add(new Call(
                                    plugin.request("queue/completion", PluginProcess.object(params)),
                                    "completion",
                                    outcome));
                        }
                    }
                    default -> {
                        completed.put(result.get("entry").get("id").asString(), c.mark());
                        acked++;
                    }
                }
            }
            plugin.kill();
            plugin.close();
        }
        long perKill = (System.nanoTime() - started) / Math.max(1, kills) / 1_000_000;
        System.out.println("KillTest: " + perKill + " ms per kill (start, handshake, writes, SIGKILL)");
        assertTrue(completed.size() > 0 || kills < 5, "no completion was acknowledged: the test tests little");

        try (Connection db = Database.open(project)) {
            assertEquals("ok", Database.one(db, "PRAGMA integrity_check"));
            try (PreparedStatement s = db.prepareStatement("SELECT subject_id, status FROM entries WHERE id = ?")) {
                for (var e : enqueued.entrySet()) {
                    s.setLong(1, EntryId.parse(e.getKey()).orElseThrow());
                    try (var r = s.executeQuery()) {
                        assertTrue(r.next(), "acknowledged enqueue " + e.getKey() + " is gone");
                        assertEquals(e.getValue(), r.getString(1));
                        String expected = completed.get(e.getKey());
                        if (expected != null) {
                            assertEquals(expected, r.getString(2), "acknowledged completion of " + e.getKey());
                        }
                    }
                }
            }
        }
    }
}
