package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginRecordsTest {
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-12-02T03:00:00Z"));

    @TempDir
    Path dir;

    private final Children children = new Children();

    @AfterEach
    void stopChildren() {
        children.close();
    }

    @Test
    void everySpawnAndExitRewritesTheFileAndACleanExitRemovesIt() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        DaemonScope scope =
                DaemonScope.of(Map.of("ANIMUS_HOME", dir.resolve("home").toString()), Optional.of(project), dir);
        long a = Long.parseLong(children.waiter().line().trim());
        long b = Long.parseLong(children.waiter().line().trim());
        try (DaemonLock lock = DaemonLock.acquire(scope, "1", CLOCK)) {
            PluginRecords records = PluginRecords.open(lock);
            assertEquals(List.of(), PluginRecords.read(scope.pluginsFile()));
            PluginRecord ra = records.spawned("a", a).orElseThrow();
            PluginRecord rb = records.spawned("b", b).orElseThrow();
            assertEquals(Procfs.startTicks(a).orElseThrow(), ra.startTicks());
            assertEquals(Procfs.bootId(), ra.bootId());
            assertTrue(ra.alive() && rb.alive());
            assertEquals(List.of(ra, rb), PluginRecords.read(scope.pluginsFile()));
            assertEquals(
                    "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(scope.pluginsFile())));
            records.exited(a);
            assertEquals(List.of(rb), PluginRecords.read(scope.pluginsFile()));
            assertEquals(List.of(rb), records.current());
            // a process already gone leaves nothing to reap: not recorded
            assertEquals(Optional.empty(), records.spawned("gone", children.deadPid()));
            records.close();
            assertFalse(Files.exists(scope.pluginsFile()));
        }
    }

    @Test
    void aFileThatIsNoRecordReadsAsEmpty() throws Exception {
        Path file = dir.resolve("x.plugins.json");
        Files.writeString(file, "not json");
        assertEquals(List.of(), PluginRecords.read(file));
        assertEquals(List.of(), PluginRecords.read(dir.resolve("missing")));
    }
}
