package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class DaemonLockTest {
    private static final Instant T0 = Instant.parse("2026-12-02T03:00:00Z");
    private static final InstantSource CLOCK = InstantSource.fixed(T0);

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
    void takingTheLockWritesThePidAndInfoFilesAndClosingRemovesThem() throws Exception {
        long self = ProcessHandle.current().pid();
        try (DaemonLock lock = DaemonLock.acquire(scope, "9.9.9", CLOCK)) {
            assertEquals(self + "\n", Files.readString(scope.pidFile()));
            JsonNode info = JsonMapper.shared().readTree(Files.readString(scope.infoFile()));
            assertEquals(scope.root().toString(), info.path("root").asString());
            assertEquals(self, info.path("pid").asLong());
            assertEquals("2026-12-02T03:00:00Z", info.path("started_at").asString());
            assertEquals("9.9.9", info.path("version").asString());
            assertEquals(scope.socket().toString(), info.path("socket").asString());
            assertTrue(info.path("start_ticks").asLong() > 0);
            for (Path p : List.of(scope.pidFile(), scope.infoFile(), scope.lockFile())) {
                assertEquals(
                        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
            }
            assertEquals(self, lock.info().pid());
            assertEquals(List.of(), lock.staleFilesRemoved());
            Files.writeString(scope.socket(), "a socket the control server made");
        }
        assertFalse(Files.exists(scope.pidFile()));
        assertFalse(Files.exists(scope.infoFile()));
        assertFalse(Files.exists(scope.socket()));
        assertTrue(Files.exists(scope.lockFile()), "the lock file stays");
        // and the scope can be locked again
        DaemonLock.acquire(scope, "9.9.9", CLOCK).close();
    }

    @Test
    void aSecondDaemonInThisProcessFailsNamingThePidOfTheFirst() {
        try (DaemonLock first = DaemonLock.acquire(scope, "1", CLOCK)) {
            DaemonFailure f = assertThrows(DaemonFailure.class, () -> DaemonLock.acquire(scope, "1", CLOCK));
            assertEquals(DaemonFailure.Reason.ALREADY_RUNNING, f.reason());
            assertEquals(first.info().pid(), f.runningPid().orElseThrow());
            assertTrue(f.getMessage().contains("(pid " + first.info().pid() + ")"), f.getMessage());
            // the failed attempt left the first daemon's files alone
            assertTrue(Files.exists(scope.infoFile()));
        }
    }

    @Test
    void aLockHeldByAnotherProcessFailsNamingItsPid() throws Exception {
        scope.ensureRunDirectory();
        Children.Ready holder = children.lockHolder(scope.lockFile());
        long pid = Long.parseLong(holder.line().trim());
        Files.writeString(scope.pidFile(), pid + "\n");
        DaemonFailure f = assertThrows(DaemonFailure.class, () -> DaemonLock.acquire(scope, "1", CLOCK));
        assertEquals(DaemonFailure.Reason.ALREADY_RUNNING, f.reason());
        assertEquals(pid, f.runningPid().orElseThrow());
        assertTrue(Files.exists(scope.pidFile()), "a running daemon's files are not touched");
        // the kernel drops the lock when its holder ends, however it ends
        holder.process().destroyForcibly();
        holder.process().onExit().join();
        try (DaemonLock lock = DaemonLock.acquire(scope, "1", CLOCK)) {
            assertEquals(List.of(scope.pidFile()), lock.staleFilesRemoved());
        }
    }

    @Test
    void aCrashedDaemonsFilesAreRemovedOnceItsPidIsShownDead() throws Exception {
        scope.ensureRunDirectory();
        long dead = children.deadPid();
        writeLeftovers(dead, 12345);
        try (DaemonLock lock = DaemonLock.acquire(scope, "1", CLOCK)) {
            assertEquals(List.of(scope.pidFile(), scope.infoFile(), scope.socket()), lock.staleFilesRemoved());
            assertEquals(ProcessHandle.current().pid(), lock.info().pid());
            assertFalse(Files.exists(scope.socket()));
        }
    }

    @Test
    void aPidReusedByAnotherProcessDoesNotKeepTheLeftovers() throws Exception {
        scope.ensureRunDirectory();
        Children.Ready other = children.waiter();
        long pid = Long.parseLong(other.line().trim());
        long ticks = Procfs.startTicks(pid).orElseThrow();
        writeLeftovers(pid, ticks + 1); // the pid runs, but it is not the process that started then
        try (DaemonLock lock = DaemonLock.acquire(scope, "1", CLOCK)) {
            assertEquals(3, lock.staleFilesRemoved().size());
        }
        assertTrue(other.process().isAlive(), "the other process is left alone");
    }

    @Test
    void aDaemonThatRunsWithoutItsLockIsNotDispossessed() throws Exception {
        scope.ensureRunDirectory();
        Children.Ready other = children.waiter();
        long pid = Long.parseLong(other.line().trim());
        writeLeftovers(pid, Procfs.startTicks(pid).orElseThrow());
        DaemonFailure f = assertThrows(DaemonFailure.class, () -> DaemonLock.acquire(scope, "1", CLOCK));
        assertEquals(DaemonFailure.Reason.ALREADY_RUNNING, f.reason());
        assertEquals(pid, f.runningPid().orElseThrow());
        assertTrue(Files.exists(scope.infoFile()) && Files.exists(scope.socket()));
        // and the refusal released the lock
        assertFalse(RunningDaemon.locked(scope));
    }

    @Test
    void aTooLongSocketPathFailsBeforeAnythingIsWritten() throws Exception {
        Path root = scope.root();
        Path run = dir.toRealPath().resolve("r".repeat(120));
        DaemonScope deep = new DaemonScope(root, scope.id(), run);
        DaemonFailure f = assertThrows(DaemonFailure.class, () -> DaemonLock.acquire(deep, "1", CLOCK));
        assertEquals(DaemonFailure.Reason.SOCKET_PATH_TOO_LONG, f.reason());
        assertFalse(Files.exists(run), "the run directory was created");
    }

    private void writeLeftovers(long pid, long ticks) throws Exception {
        Files.writeString(scope.pidFile(), pid + "\n");
        Files.write(
                scope.infoFile(),
                InfoJson.bytes(new DaemonInfo(scope.root(), pid, T0, "0", scope.socket(), ticks, Procfs.bootId())));
        Files.writeString(scope.socket(), "");
    }
}
