package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunningDaemonTest {
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-12-02T03:00:00Z"));

    @TempDir
    Path dir;

    private DaemonScope scope;
    private final Children children = new Children();

    @BeforeEach
    void scope() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        scope = DaemonScope.of(Map.of("ANIMUS_HOME", dir.resolve("home").toString()), Optional.of(project), dir);
    }

    @AfterEach
    void stopChildren() {
        children.close();
    }

    @Test
    void noDaemonNoFiles() {
        assertEquals(Optional.empty(), RunningDaemon.find(scope));
        assertFalse(RunningDaemon.locked(scope));
    }

    @Test
    void aLiveDaemonIsFoundWithItsInfoAndIsGoneOnceItStops() {
        DaemonInfo info;
        try (DaemonLock lock = DaemonLock.acquire(scope, "2.0.0", CLOCK)) {
            info = RunningDaemon.find(scope).orElseThrow();
            assertEquals(lock.info(), info);
            assertEquals(scope.root(), info.root());
            assertEquals(scope.socket(), info.socket());
            assertEquals("2.0.0", info.version());
            // a probe does not take the lock from the daemon
            assertTrue(RunningDaemon.find(scope).isPresent());
        }
        assertEquals(Optional.empty(), RunningDaemon.find(scope));
    }

    @Test
    void aDaemonInAnotherProcessIsFound() throws Exception {
        scope.ensureRunDirectory();
        Children.Ready holder = children.lockHolder(scope.lockFile());
        long pid = Long.parseLong(holder.line().trim());
        assertTrue(RunningDaemon.locked(scope));
        // locked, but no info yet: starting
        assertEquals(Optional.empty(), RunningDaemon.find(scope));
        DaemonInfo written = new DaemonInfo(
                scope.root(),
                pid,
                CLOCK.instant(),
                "1.0.0",
                scope.socket(),
                Procfs.startTicks(pid).orElseThrow(),
                Procfs.bootId());
        Files.write(scope.infoFile(), InfoJson.bytes(written));
        assertEquals(Optional.of(written), RunningDaemon.find(scope));
        // the probe did not disturb the holder's lock
        assertTrue(RunningDaemon.locked(scope));
        holder.process().destroyForcibly();
        holder.process().onExit().join();
        assertEquals(Optional.empty(), RunningDaemon.find(scope), "a killed daemon's files name no live daemon");
    }

    @Test
    void leftoversWithoutALockNameNoDaemon() throws Exception {
        scope.ensureRunDirectory();
        Files.write(
                scope.infoFile(),
                InfoJson.bytes(new DaemonInfo(
                        scope.root(), ProcessHandle.current().pid(), CLOCK.instant(), "1", scope.socket(), 0, "")));
        assertEquals(Optional.empty(), RunningDaemon.find(scope));
    }
}
