package dev.animus.plugins.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The backend's methods through one real plugin process over one project's database. Each test
 * makes its own subjects (its own labels), so they share the process and not their data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TasksBackendTest {
    private Path project;
    private PluginProcess plugin;

    @BeforeAll
    void start(@TempDir Path dir) throws IOException {
        project = dir;
        plugin = PluginProcess.ready(project);
    }

    @AfterAll
    void stop() throws IOException {
        plugin.close();
    }

    private JsonNode create(String kind, String params) {
        return plugin.result(kind + "/create", params).get("subject");
    }

    private List<String> ids(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.get("subjects").forEach(s -> out.add(s.get("id").asString()));
        return out;
    }

    @Test
    void aCreatedTaskIsReadyAndReadsBackUpdatedThroughItsLifeAndIsGoneAfterDelete() {
        JsonNode made = create(
                "task",
                "{\"title\":\"write docs\",\"description\":\"all of them\",\"priority\":7,"
                        + "\"labels\":[\"crud\",\"docs\"],\"custom\":{\"points\":3}}");
        String id = made.get("id").asString();
        assertTrue(id.matches("task:[0-9]+"), id);
        assertEquals("task", made.get("kind").asString());
        assertEquals("ready", made.get("status").asString());
        assertEquals(7, made.get("priority").asInt());
        assertEquals("[\"crud\",\"docs\"]", made.get("labels").toString());
        assertEquals("{\"points\":3}", made.get("custom").toString());
        assertEquals(made.get("created_at"), made.get("updated_at"));
        assertTrue(made.get("created_at").asString().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"));
        assertEquals(made, plugin.result("task/get", "{\"id\":\"" + id + "\"}").get("subject"));

        JsonNode updated = plugin.result(
                        "task/update",
                        "{\"id\":\"" + id + "\",\"assignee\":\"ana\",\"labels_add\":[\"urgent\"],"
                                + "\"labels_remove\":[\"docs\"],\"custom\":{\"points\":null,\"area\":\"cli\"}}")
                .get("subject");
        assertEquals("ana", updated.get("assignee").asString());
        assertEquals("[\"crud\",\"urgent\"]", updated.get("labels").toString());
        assertEquals("{\"area\":\"cli\"}", updated.get("custom").toString());
        assertTrue(updated.get("updated_at")
                        .asString()
                        .compareTo(made.get("updated_at").asString())
                >= 0);

        JsonNode cleared = plugin.result("task/update", "{\"id\":\"" + id + "\",\"assignee\":null}")
                .get("subject");
        assertFalse(cleared.has("assignee"), cleared.toString());
        assertEquals("ana", updated.get("assignee").asString());

        JsonNode done = plugin.result("task/status", "{\"id\":\"" + id + "\",\"status\":\"done\"}")
                .get("subject");
        assertEquals("done", done.get("status").asString());

        assertEquals(
                "{\"ok\":true}",
                plugin.result("task/delete", "{\"id\":\"" + id + "\"}").toString());
        JsonNode gone = plugin.error("task/get", "{\"id\":\"" + id + "\"}");
        assertEquals(TasksPlugin.NOT_FOUND, gone.get("code").asInt());
        assertEquals("not_found", gone.path("data").path("category").asString());
        assertTrue(gone.get("message").asString().contains(id), gone.toString());
        assertEquals(
                TasksPlugin.NOT_FOUND,
                plugin.error("task/delete", "{\"id\":\"" + id + "\"}")
                        .get("code")
                        .asInt());
    }

    @Test
    void commentsAreKeptInOrderAsTheSubjectsHistory() {
        String id =
                create("requirement", "{\"title\":\"offline mode\"}").get("id").asString();
        assertTrue(id.startsWith("requirement:"), id);
        for (String c : List.of("first", "second", "third")) {
            plugin.result("requirement/update", "{\"id\":\"" + id + "\",\"comment\":\"" + c + "\"}");
        }
        JsonNode s = plugin.result("requirement/get", "{\"id\":\"" + id + "\"}").get("subject");
        List<String> texts = new ArrayList<>();
        s.get("comments").forEach(c -> {
            texts.add(c.get("text").asString());
            assertTrue(c.get("at").asString().endsWith("Z"), c.toString());
        });
        assertEquals(List.of("first", "second", "third"), texts);
        assertEquals(
                TasksPlugin.NOT_FOUND,
                plugin.error("task/get", "{\"id\":\"task:999999\"}").get("code").asInt());
        assertEquals(
                -32602,
                plugin.error("task/get", "{\"id\":\"" + id + "\"}").get("code").asInt(),
                "a requirement's id asked of task/get");
    }

    @Test
    void parentsListTheirChildren() {
        String parent = create("requirement", "{\"title\":\"epic\"}").get("id").asString();
        String child = create("task", "{\"title\":\"part\",\"parent\":\"" + parent + "\"}")
                .get("id")
                .asString();
        JsonNode p =
                plugin.result("requirement/get", "{\"id\":\"" + parent + "\"}").get("subject");
        assertEquals("[\"" + child + "\"]", p.get("children").toString());
        assertEquals(
                parent,
                plugin.result("task/get", "{\"id\":\"" + child + "\"}")
                        .get("subject")
                        .get("parent")
                        .asString());
        assertEquals(
                TasksPlugin.NOT_FOUND,
                plugin.error("task/create", "{\"title\":\"orphan\",\"parent\":\"task:999999\"}")
                        .get("code")
                        .asInt());
    }

    @Test
    void filtersSelectTheAndOfWhatIsGiven() {
        String a = create("task", "{\"title\":\"a\",\"labels\":[\"flt\",\"x\",\"y\"],\"assignee\":\"bo\"}")
                .get("id")
                .asString();
        String b = create("task", "{\"title\":\"b\",\"labels\":[\"flt\",\"x\"]}")
                .get("id")
                .asString();
        String c = create("task", "{\"title\":\"c\",\"labels\":[\"flt\"]}")
                .get("id")
                .asString();
        create("requirement", "{\"title\":\"r\",\"labels\":[\"flt\"]}");
        plugin.result("task/status", "{\"id\":\"" + c + "\",\"status\":\"blocked\"}");
        assertEquals(List.of(a, b, c), ids(plugin.result("task/list", "{\"filter\":{\"labels_all\":[\"flt\"]}}")));
        assertEquals(
                List.of(a), ids(plugin.result("task/list", "{\"filter\":{\"labels_all\":[\"flt\",\"x\",\"y\"]}}")));
        assertEquals(
                List.of(a, b),
                ids(plugin.result(
                        "task/list", "{\"filter\":{\"labels_all\":[\"flt\"],\"labels_any\":[\"x\",\"nope\"]}}")));
        assertEquals(
                List.of(a),
                ids(plugin.result("task/list", "{\"filter\":{\"labels_any\":[\"flt\"],\"assignee\":[\"bo\"]}}")));
        assertEquals(
                List.of(c),
                ids(plugin.result(
                        "task/list", "{\"filter\":{\"labels_any\":[\"flt\"],\"status\":[\"blocked\",\"done\"]}}")));
        assertEquals(
                List.of(),
                ids(plugin.result("task/list", "{\"filter\":{\"labels_any\":[\"flt\"],\"kind\":[\"requirement\"]}}")));
        assertEquals(
                1,
                ids(plugin.result("requirement/list", "{\"filter\":{\"labels_any\":[\"flt\"]}}"))
                        .size());
        String later = plugin.result("task/get", "{\"id\":\"" + c + "\"}")
                .get("subject")
                .get("updated_at")
                .asString();
        assertTrue(ids(plugin.result(
                        "task/list", "{\"filter\":{\"labels_any\":[\"flt\"],\"updated_since\":\"" + later + "\"}}"))
                .contains(c));
        assertEquals(
                List.of(),
                ids(plugin.result(
                        "task/list",
                        "{\"filter\":{\"labels_any\":[\"flt\"],\"updated_since\":\"2999-01-01T00:00:00+02:00\"}}")));
    }

    @Test
    void pagesVisitEverySubjectExactlyOnceWhileOthersChange() {
        int n = 1500;
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pending.add(plugin.request(
                    "task/create", PluginProcess.object("{\"title\":\"p" + i + "\",\"labels\":[\"page\"]}")));
        }
        Set<String> made = new HashSet<>();
        pending.forEach(id -> made.add(
                plugin.answer(id).get("result").get("subject").get("id").asString()));
        Random random = new Random(22);
        List<String> madeList = List.copyOf(made);
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            String filter = "{\"labels_any\":[\"page\"],\"limit\":100"
                    + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\"") + "}";
            JsonNode page = plugin.result("task/list", "{\"filter\":" + filter + "}");
            assertTrue(page.get("subjects").size() <= 100);
            seen.addAll(ids(page));
            cursor = page.has("next_cursor") ? page.get("next_cursor").asString() : null;
            // writes between pages move updated_at, never a subject's place in the pages
            String touched = madeList.get(random.nextInt(madeList.size()));
            plugin.result("task/update", "{\"id\":\"" + touched + "\",\"comment\":\"between pages\"}");
        } while (cursor != null);
        assertEquals(n, seen.size(), "a subject was visited twice or skipped");
        assertEquals(made, new HashSet<>(seen));
    }

    @Test
    void nextIsTheReadyOneOfHighestPriorityThenTheOldest() {
        Path other = project.resolve("next");
        try (var own = PluginProcess.ready(Files.createDirectories(other))) {
            assertFalse(own.result("task/next", "{}").has("subject"), "an empty database has no next");
            String low = own.result("task/create", "{\"title\":\"low\",\"priority\":1}")
                    .get("subject")
                    .get("id")
                    .asString();
            String none = own.result("task/create", "{\"title\":\"none\"}")
                    .get("subject")
                    .get("id")
                    .asString();
            String highOld = own.result("task/create", "{\"title\":\"high old\",\"priority\":200}")
                    .get("subject")
                    .get("id")
                    .asString();
            String highNew = own.result("task/create", "{\"title\":\"high new\",\"priority\":200}")
                    .get("subject")
                    .get("id")
                    .asString();
            own.result("requirement/create", "{\"title\":\"other kind\",\"priority\":255}");
            List<String> order = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String id =
                        own.result("task/next", "{}").get("subject").get("id").asString();
                order.add(id);
                own.result("task/status", "{\"id\":\"" + id + "\",\"status\":\"in-progress\"}");
            }
            assertEquals(List.of(highOld, highNew, low, none), order);
            assertFalse(own.result("task/next", "{}").has("subject"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void badParamsAreInvalidParamsNamingTheField() {
        record Case(String method, String params, String field) {}
        for (Case c : List.of(
                new Case("task/create", "{}", "title"),
                new Case("task/create", "{\"title\":\"  \"}", "title"),
                new Case("task/create", "{\"title\":3}", "title"),
                new Case("task/create", "{\"title\":\"t\",\"priority\":256}", "priority"),
                new Case("task/create", "{\"title\":\"t\",\"priority\":-1}", "priority"),
                new Case("task/create", "{\"title\":\"t\",\"labels\":\"x\"}", "labels"),
                new Case("task/create", "{\"title\":\"t\",\"custom\":[]}", "custom"),
                new Case("task/create", "{\"title\":\"t\",\"parent\":\"nope\"}", "parent"),
                new Case("task/get", "{}", "id"),
                new Case("task/get", "{\"id\":\"task:x\"}", "id"),
                new Case("task/update", "{\"id\":\"task:1\",\"status\":\"open\"}", "status"),
                new Case("task/update", "{\"id\":\"task:1\",\"labels_add\":[1]}", "labels_add"),
                new Case("task/status", "{\"id\":\"task:1\"}", "status"),
                new Case("task/list", "{\"filter\":{\"limit\":0}}", "filter.limit"),
                new Case("task/list", "{\"filter\":{\"cursor\":\"abc\"}}", "filter.cursor"),
                new Case("task/list", "{\"filter\":{\"status\":[\"open\"]}}", "filter.status"),
                new Case("task/list", "{\"filter\":{\"updated_since\":\"yesterday\"}}", "filter.updated_since"),
                new Case("task/list", "{\"filter\":[]}", "filter"))) {
            JsonNode error = plugin.error(c.method(), c.params());
            assertEquals(-32602, error.get("code").asInt(), c + " " + error);
            assertTrue(error.get("message").asString().startsWith(c.field() + ":"), c + " " + error);
        }
    }

    @Test
    void theSchemaNamesTheKindsAndWhatIsSupported() {
        JsonNode s = plugin.result("subject/schema", "{}");
        assertEquals("[\"task\",\"requirement\"]", s.get("kinds").toString());
        assertEquals(
                "[\"ready\",\"in-progress\",\"blocked\",\"done\",\"cancelled\"]",
                s.get("status_values").toString());
        assertTrue(s.get("supports_watch").asBoolean());
        assertTrue(s.get("supports_pagination").asBoolean());
    }
}
