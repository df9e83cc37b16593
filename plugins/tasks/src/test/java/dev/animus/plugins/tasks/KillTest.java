package dev.animus.plugins.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The acceptance of issue 22 for the tasks backend: the plugin is killed with SIGKILL, again and
 * again, in the middle of a stream of creates and updates (several in flight), each time after a
 * seeded random number of acknowledged writes; then every acknowledged write is in the database
 * and {@code PRAGMA integrity_check} is {@code ok}.
 *
 * <p>Each kill costs a JVM start (see the plugin README for the figures), so the suite kills
 * {@code -Danimus.tasks.kills} times, 10 by default; the acceptance run is
 * {@code -Danimus.tasks.kills=200}. {@code -Danimus.tasks.kill.seed} replays a run.
 */
class KillTest {
    private static final int IN_FLIGHT = 8;

    @TempDir
    Path project;

    record Write(int id, String kind, String subject, String mark) {}

    @Test
    void everyAcknowledgedWriteSurvivesKillNineAndTheDatabaseStaysWhole() throws Exception {
        int kills = Integer.getInteger("animus.tasks.kills", 10);
        long seed = Long.getLong("animus.tasks.kill.seed", System.nanoTime());
        System.out.println("KillTest: " + kills + " kills, seed " + seed + " (-Danimus.tasks.kill.seed=" + seed + ")");
        Random random = new Random(seed);
        Map<String, String> titles = new HashMap<>(); // acknowledged creates: id -> title
        List<String[]> labels = new ArrayList<>(); // acknowledged updates: {id, label}
        long started = System.nanoTime();
        int serial = 0;
        for (int round = 0; round < kills; round++) {
            int target = 1 + random.nextInt(40);
            int acked = 0;
            var plugin = PluginProcess.ready(project);
            ArrayDeque<Write> flight = new ArrayDeque<>();
            List<String> known = new ArrayList<>(titles.keySet());
            while (acked < target) {
                while (flight.size() < IN_FLIGHT) {
                    String mark = "w" + serial++;
                    if (known.isEmpty() || random.nextBoolean()) {
                        int id = plugin.request("task/create", PluginProcess.object("{\"title\":\"" + mark + "\"}"));
                        flight.add(new Write(id, "create", "", mark));
                    } else {
                        String subject = known.get(random.nextInt(known.size()));
                        int id = plugin.request(
                                "task/update",
                                PluginProcess.object("{\"id\":\"" + subject + "\",\"labels_add\":[\"" + mark + "\"]}"));
                        flight.add(new Write(id, "update", subject, mark));
                    }
                }
                Write w = flight.poll();
                JsonNode result = plugin.answer(w.id()).get("result");
                assertNotNull(result, "write " + w + " failed; stderr: " + plugin.stderr());
                acked++;
                if (w.kind().equals("create")) {
                    String id = result.get("subject").get("id").asString();
                    titles.put(id, w.mark());
                    known.add(id);
                } else {
                    labels.add(new String[] {w.subject(), w.mark()});
                }
            }
            plugin.kill();
            plugin.close();
        }
        long perKill = (System.nanoTime() - started) / Math.max(1, kills) / 1_000_000;
        System.out.println("KillTest: " + perKill + " ms per kill (start, handshake, writes, SIGKILL)");

        try (Connection db = Database.open(project)) {
            assertEquals("ok", Database.one(db, "PRAGMA integrity_check"));
            try (PreparedStatement title = db.prepareStatement("SELECT title FROM subjects WHERE id = ?");
                    PreparedStatement label =
                            db.prepareStatement("SELECT count(*) FROM labels WHERE subject = ? AND label = ?")) {
                for (var e : titles.entrySet()) {
                    title.setLong(1, SubjectId.parse(e.getKey()).orElseThrow().number());
                    try (var r = title.executeQuery()) {
                        assertTrue(r.next(), "acknowledged create " + e.getKey() + " is gone");
                        assertEquals(e.getValue(), r.getString(1));
                    }
                }
                for (String[] l : labels) {
                    label.setLong(1, SubjectId.parse(l[0]).orElseThrow().number());
                    label.setString(2, l[1]);
                    try (var r = label.executeQuery()) {
                        r.next();
                        assertEquals(1, r.getInt(1), "acknowledged update " + l[1] + " of " + l[0] + " is gone");
                    }
                }
            }
        }
        try (var after = PluginProcess.ready(project)) {
            String any = titles.keySet().iterator().next();
            assertEquals(
                    titles.get(any),
                    after.result("task/get", "{\"id\":\"" + any + "\"}")
                            .get("subject")
                            .get("title")
                            .asString());
        }
    }
}
