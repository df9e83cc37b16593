package dev.animus.plugins.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The queue's methods through the real plugin process (the build's launcher): the wire shape of
 * docs/protocol.md#queues, its errors, waiting leases, and two processes leasing from one file.
 */
class QueuePluginTest {
    @TempDir
    Path project;

    static String entryId(JsonNode result) {
        return result.get("entry").get("id").asString();
    }

    @Test
    void anEntryGoesThroughEnqueueLeaseHeartbeatAndCompletionOnTheWire() throws Exception {
        try (var plugin = PluginProcess.ready(project)) {
            plugin.result("$/ping", "{}");
            assertFalse(Files.exists(project.resolve(".animus")), "the handshake made files");
            JsonNode made =
                    plugin.result("queue/enqueue", "{\"subject_id\":\"task:7\",\"payload\":{\"why\":\"ready\"}}");
            assertTrue(made.get("created").asBoolean());
            JsonNode e = made.get("entry");
            assertEquals("q:1", e.get("id").asString());
            assertEquals("task:7", e.get("subject_id").asString());
            assertEquals("{\"why\":\"ready\"}", e.get("payload").toString());
            assertEquals(100, e.get("priority").asInt());
            assertEquals("pending", e.get("status").asString());
            assertEquals(0, e.get("attempts").asInt());
            assertFalse(e.has("lease") || e.has("outcome") || e.has("message"), e.toString());
            assertTrue(e.get("enqueued_at").asString().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"));
            assertEquals(e.get("enqueued_at"), e.get("updated_at"));
            JsonNode twice = plugin.result("queue/enqueue", "{\"subject_id\":\"task:7\"}");
            assertFalse(twice.get("created").asBoolean());
            assertEquals(e, twice.get("entry"));

            JsonNode leased = plugin.result("queue/lease", "{\"worker\":\"w1\",\"lease_ms\":60000}")
                    .get("entries");
            assertEquals(1, leased.size());
            JsonNode lease = leased.get(0).get("lease");
            assertEquals("w1", lease.get("worker").asString());
            String leaseId = lease.get("lease_id").asString();
            assertTrue(leaseId.matches("[0-9a-f]{32}"), leaseId);
            assertEquals(1, leased.get(0).get("attempts").asInt());
            assertEquals(
                    0,
                    plugin.result("queue/lease", "{\"worker\":\"w2\"}")
                            .get("entries")
                            .size());

            JsonNode beat = plugin.result(
                    "queue/heartbeat", "{\"entry_id\":\"q:1\",\"lease_id\":\"" + leaseId + "\",\"lease_ms\":120000}");
            assertTrue(beat.get("entry")
                            .get("lease")
                            .get("expires_at")
                            .asString()
                            .compareTo(lease.get("expires_at").asString())
                    > 0);
            JsonNode done = plugin.result(
                            "queue/completion",
                            "{\"entry_id\":\"q:1\",\"lease_id\":\"" + leaseId
                                    + "\",\"outcome\":\"done\",\"message\":\"ok\"}")
                    .get("entry");
            assertEquals("done", done.get("status").asString());
            assertEquals("done", done.get("outcome").asString());
            assertEquals("ok", done.get("message").asString());
            assertFalse(done.has("lease"));
            assertEquals(
                    "{\"pending\":0,\"leased\":0,\"held\":0,\"done\":1,\"failed\":0,\"expired\":0}",
                    plugin.result("queue/stats", "{}").toString());

            plugin.result("queue/enqueue", "{\"subject_id\":\"task:8\",\"priority\":3}");
            assertEquals(
                    "held",
                    plugin.result("queue/hold", "{\"entry_id\":\"q:2\"}")
                            .get("entry")
                            .get("status")
                            .asString());
            JsonNode list = plugin.result("queue/list", "{\"status\":[\"held\",\"done\"],\"limit\":1}");
            assertEquals("q:1", list.get("entries").get(0).get("id").asString());
            JsonNode rest = plugin.result(
                    "queue/list", "{\"cursor\":\"" + list.get("next_cursor").asString() + "\"}");
            assertEquals(1, rest.get("entries").size());
            assertFalse(rest.has("next_cursor"));
            assertEquals(
                    "pending",
                    plugin.result("queue/release", "{\"entry_id\":\"q:2\"}")
                            .get("entry")
                            .get("status")
                            .asString());
            assertEquals(
                    "{\"ok\":true}",
                    plugin.result("queue/drop", "{\"entry_id\":\"q:2\"}").toString());
        }
        try (var db = Database.open(project)) {
            assertEquals("wal", Database.one(db, "PRAGMA journal_mode"));
            assertEquals("ok", Database.one(db, "PRAGMA integrity_check"));
            assertEquals(String.valueOf(Migrations.latest()), Database.one(db, "PRAGMA user_version"));
        }
    }

    @Test
    void badParamsNameTheParamAndUnknownEntriesTheirId() throws Exception {
        try (var plugin = PluginProcess.ready(project)) {
            String[][] cases = {
                {"queue/enqueue", "{}", "subject_id: missing; pass a subject id like task:42"},
                {
                    "queue/enqueue",
                    "{\"subject_id\":\"t\",\"priority\":256}",
                    "priority: must be a whole number from 0 to 255"
                },
                {"queue/enqueue", "{\"subject_id\":\"t\",\"payload\":[1]}", "payload: must be a JSON object, not array"
                },
                {"queue/lease", "{}", "worker: missing"},
                {
                    "queue/lease",
                    "{\"worker\":\"w\",\"wait_ms\":20000}",
                    "wait_ms: must be a whole number from 0 to 10000"
                },
                {"queue/lease", "{\"worker\":\"w\",\"max\":0}", "max: must be a whole number from 1 to 100"},
                {
                    "queue/completion",
                    "{\"entry_id\":\"7\",\"lease_id\":\"x\",\"outcome\":\"done\"}",
                    "entry_id: '7' is not an entry id like q:42"
                },
                {
                    "queue/completion",
                    "{\"entry_id\":\"q:7\",\"lease_id\":\"x\",\"outcome\":\"maybe\"}",
                    "outcome: 'maybe' is not one of done, failed, retry"
                },
                {"queue/heartbeat", "{\"entry_id\":\"q:7\"}", "lease_id: missing; pass the lease_id queue/lease gave"},
                {
                    "queue/list",
                    "{\"status\":[\"gone\"]}",
                    "status: 'gone' is not one of pending, leased, held, done, failed"
                },
                {"queue/list", "{\"cursor\":\"abc\"}", "cursor: 'abc' is not a cursor this queue gave"},
            };
            for (String[] c : cases) {
                JsonNode error = plugin.error(c[0], c[1]);
                assertEquals(-32602, error.get("code").asInt(), c[0] + " " + c[1] + ": " + error);
                String message = error.get("message").asString();
                assertTrue(message.startsWith(c[2]), c[0] + " " + c[1] + ": " + message);
                assertEquals(1, message.lines().count(), message);
            }
            for (String method : List.of("queue/hold", "queue/release", "queue/drop")) {
                JsonNode error = plugin.error(method, "{\"entry_id\":\"q:99\"}");
                assertEquals(QueuePlugin.NOT_FOUND, error.get("code").asInt(), error.toString());
                assertTrue(error.get("message").asString().contains("q:99"), error.toString());
                assertEquals("q:99", error.get("data").get("id").asString());
                assertEquals("not_found", error.get("data").get("category").asString());
            }
        }
    }

    @Test
    void aWaitingLeaseGetsTheEntryEnqueuedWhileItWaitsAndOneWhoseLeaseExpired() throws Exception {
        try (var plugin = PluginProcess.ready(project)) {
            plugin.result("queue/stats", "{}");
            int waiting = plugin.request("queue/lease", PluginProcess.object("{\"worker\":\"a\",\"wait_ms\":10000}"));
            plugin.result("queue/enqueue", "{\"subject_id\":\"task:1\"}");
            JsonNode got = plugin.answer(waiting).get("result").get("entries");
            assertEquals(1, got.size(), got.toString());
            String first = got.get(0).get("lease").get("lease_id").asString();

            // the lease of a (400 ms) expires while b waits: b gets the entry, a's completion fails
            JsonNode shortLease = plugin.result(
                    "queue/heartbeat", "{\"entry_id\":\"q:1\",\"lease_id\":\"" + first + "\",\"lease_ms\":400}");
            assertEquals("a", shortLease.get("entry").get("lease").get("worker").asString());
            JsonNode second = plugin.result("queue/lease", "{\"worker\":\"b\",\"wait_ms\":10000}")
                    .get("entries");
            assertEquals(1, second.size(), second.toString());
            assertEquals("b", second.get(0).get("lease").get("worker").asString());
            assertEquals(2, second.get(0).get("attempts").asInt());
            assertNotEquals(first, second.get(0).get("lease").get("lease_id").asString());
            JsonNode lost = plugin.error(
                    "queue/completion", "{\"entry_id\":\"q:1\",\"lease_id\":\"" + first + "\",\"outcome\":\"done\"}");
            assertEquals(-32602, lost.get("code").asInt());
            assertEquals(
                    "lease " + first + " of entry q:1 is no longer held",
                    lost.get("message").asString());
            assertEquals(1, plugin.result("queue/stats", "{}").get("expired").asInt());

            assertEquals(
                    0,
                    plugin.result("queue/lease", "{\"worker\":\"c\",\"wait_ms\":200}")
                            .get("entries")
                            .size());
        }
    }

    @Test
    void twoProcessesLeasingFromOneFileNeverGetTheSameEntry() throws Exception {
        int count = 120;
        try (var a = PluginProcess.ready(project);
                var b = PluginProcess.ready(project)) {
            List<Integer> enqueues = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                enqueues.add((i % 2 == 0 ? a : b)
                        .request("queue/enqueue", PluginProcess.object("{\"subject_id\":\"s" + i + "\"}")));
            }
            for (int i = 0; i < count; i++) {
                JsonNode answer = (i % 2 == 0 ? a : b).answer(enqueues.get(i));
                assertTrue(answer.get("result").get("created").asBoolean(), answer.toString());
            }
            Set<String> seen = new HashSet<>();
            int rounds = 0;
            while (seen.size() < count && rounds++ < count) {
                // four leases in flight on each process at once
                List<int[]> flight = new ArrayList<>();
                for (int k = 0; k < 4; k++) {
                    flight.add(
                            new int[] {0, a.request("queue/lease", PluginProcess.object("{\"worker\":\"a\",\"max\":3}"))
                            });
                    flight.add(
                            new int[] {1, b.request("queue/lease", PluginProcess.object("{\"worker\":\"b\",\"max\":3}"))
                            });
                }
                for (int[] f : flight) {
                    JsonNode answer = (f[0] == 0 ? a : b).answer(f[1]);
                    for (JsonNode e : answer.get("result").get("entries")) {
                        assertTrue(seen.add(e.get("id").asString()), e.get("id") + " was leased twice");
                    }
                }
            }
            assertEquals(count, seen.size());
            assertEquals(count, a.result("queue/stats", "{}").get("leased").asInt());
        }
    }
}
