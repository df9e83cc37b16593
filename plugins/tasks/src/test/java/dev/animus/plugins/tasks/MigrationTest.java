package dev.animus.plugins.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The database's life: made on first use, migrated, kept across restarts, refused when newer. */
class MigrationTest {
    @TempDir
    Path project;

    @Test
    void theManifestAndTheHandshakeTouchNoFileAndTheFirstCallMakesTheDatabase() throws Exception {
        JsonNode manifest = PluginProcess.manifest(project);
        assertEquals("subject_backend", manifest.get("plugin_kind").asString());
        assertTrue(manifest.get("capabilities").toString().contains("\"subject_kind:requirement\""));
        try (var plugin = PluginProcess.ready(project)) {
            plugin.result("$/ping", "{}");
            assertFalse(Files.exists(project.resolve(".animus")), "the handshake made files");
            plugin.result("task/create", "{\"title\":\"kept\",\"labels\":[\"l\"]}");
        }
        try (var db = Database.open(project)) {
            assertEquals(String.valueOf(Migrations.latest()), Database.one(db, "PRAGMA user_version"));
            assertEquals("wal", Database.one(db, "PRAGMA journal_mode"));
            assertEquals("ok", Database.one(db, "PRAGMA integrity_check"));
        }
        try (var again = PluginProcess.ready(project)) {
            JsonNode s = again.result("task/get", "{\"id\":\"task:1\"}").get("subject");
            assertEquals("kept", s.get("title").asString());
            assertEquals("[\"l\"]", s.get("labels").toString());
            assertEquals(
                    "task:2",
                    again.result("task/create", "{\"title\":\"next\"}")
                            .get("subject")
                            .get("id")
                            .asString());
        }
        // no file of the driver's native library was copied anywhere in the project
        try (var files = Files.walk(project)) {
            assertEquals(
                    java.util.List.of(),
                    files.filter(f -> f.getFileName().toString().contains("sqlitejdbc"))
                            .toList());
        }
    }

    @Test
    void aDatabaseOfANewerSchemaIsRefusedNamingTheFile() throws Exception {
        Files.createDirectories(Database.file(project).getParent());
        try (var db = Database.open(project);
                var s = db.createStatement()) {
            s.execute("PRAGMA user_version = " + (Migrations.latest() + 1));
        }
        try (var plugin = PluginProcess.ready(project)) {
            JsonNode error = plugin.error("task/list", "{}");
            assertEquals(-32603, error.get("code").asInt());
            assertEquals("storage", error.path("data").path("category").asString());
            String message = error.get("message").asString();
            assertTrue(message.contains(Database.file(project).toString()) && message.contains("newer"), message);
        }
    }
}
