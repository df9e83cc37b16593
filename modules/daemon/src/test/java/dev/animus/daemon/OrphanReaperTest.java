package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon killed without stopping its plugins leaves them running; the next daemon ends them, and
 * only them. The plugin here misbehaves as badly as one can: it ignores the end of its stdin and
 * SIGTERM, and has a grandchild in its session that does the same.
 */
class OrphanReaperTest {
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-12-02T03:00:00Z"));
    private static final Duration GRACE = Duration.ofMillis(300);

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

    /** Started as plugins are, as the leader of a new session; prints "its pid, its grandchild's pid". */
    private Children.Ready stubbornPlugin(String body) throws Exception {
        Path script = dir.resolve("stubborn-" + System.nanoTime() + ".sh");
        Files.writeString(script, "#!/bin/sh\ntrap '' TERM\nsleep 100000 &\necho \"$$ $!\"\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return children.start(List.of("/usr/bin/setsid", script.toString()));
    }

    private static long[] pids(Children.Ready ready) {
        String[] f = ready.line().trim().split(" ");
        return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
    }

    private static boolean running(long pid) {
        return Procfs.stat(pid).map(Procfs.Stat::running).orElse(false);
    }

    @Test
    void theNextDaemonKillsTheTreeOfAPluginThatIgnoresEofAndSigterm() throws Exception {
        Children.Ready plugin = stubbornPlugin("exec sleep 100001\n");
        long[] pids = pids(plugin);
        assertEquals(plugin.process().pid(), pids[0]);
        plugin.process().getOutputStream().close(); // the end of stdin changes nothing for it

        DaemonLock first = DaemonLock.acquire(scope, "1", CLOCK);
        PluginRecords records = PluginRecords.open(first);
        PluginRecord recorded = records.spawned("stubborn", pids[0]).orElseThrow();
        assertEquals(List.of(recorded), PluginRecords.read(scope.pluginsFile()));
        first.close(); // the daemon "crashes": its records stay, its plugin keeps running

        assertTrue(running(pids[0]) && running(pids[1]));
        try (DaemonLock second = DaemonLock.acquire(scope, "1", CLOCK)) {
            assertThrows(IllegalStateException.class, () -> PluginRecords.open(second), "not reaped yet");
            OrphanReaper.Reaped reaped = OrphanReaper.reap(second, GRACE);
            assertEquals(List.of(recorded), reaped.reaped());
            assertEquals(List.of(), reaped.gone());
            assertEquals(List.of(), reaped.survivors());
            assertFalse(running(pids[0]), "the plugin still runs");
            assertFalse(running(pids[1]), "its grandchild still runs");
            // it took SIGKILL: SIGTERM was ignored
            assertEquals(128 + 9, plugin.process().onExit().join().exitValue());
            assertFalse(Files.exists(scope.pluginsFile()));
            PluginRecords.open(second).close(); // the record is clear for the new daemon
        }
    }

    @Test
    void aPluginWhoseLeaderDiedStillHasItsSessionReaped() throws Exception {
        Children.Ready plugin = stubbornPlugin("read line\n");
        long[] pids = pids(plugin);
        DaemonLock first = DaemonLock.acquire(scope, "1", CLOCK);
        PluginRecords.open(first).spawned("leaderless", pids[0]);
        first.close();
        try (OutputStream in = plugin.process().getOutputStream()) {
            in.write("go\n".getBytes(StandardCharsets.US_ASCII));
        }
        plugin.process().onExit().join(); // the leader is gone, its grandchild keeps the session
        assertTrue(running(pids[1]));
        try (DaemonLock second = DaemonLock.acquire(scope, "1", CLOCK)) {
            OrphanReaper.Reaped reaped = OrphanReaper.reap(second, GRACE);
            assertEquals(1, reaped.reaped().size());
            assertFalse(running(pids[1]), "the grandchild still runs");
        }
    }

    @Test
    void aReusedPidIsNeverKilled() throws Exception {
        Children.Ready other = children.waiter();
        long pid = Long.parseLong(other.line().trim());
        long ticks = Procfs.startTicks(pid).orElseThrow();
        long dead = children.deadPid();
        DaemonLock first = DaemonLock.acquire(scope, "1", CLOCK);
        PluginRecords.open(first).close();
        // what a daemon wrote long ago: the pids are someone else's now, or no one's
        List<PluginRecord> old = List.of(
                new PluginRecord("reused", pid, ticks - 1, Procfs.bootId()),
                new PluginRecord("other-boot", pid, ticks, "00000000-0000-0000-0000-000000000000"),
                new PluginRecord("dead", dead, 1, Procfs.bootId()));
        Files.writeString(scope.pluginsFile(), recordsJson(old));
        first.close();
        try (DaemonLock second = DaemonLock.acquire(scope, "1", CLOCK)) {
            OrphanReaper.Reaped reaped = OrphanReaper.reap(second, GRACE);
            assertEquals(List.of(), reaped.reaped());
            assertEquals(old, reaped.gone());
        }
        assertTrue(other.process().isAlive(), "a process that reused a recorded pid was killed");
        assertFalse(Files.exists(scope.pluginsFile()));
    }

    private static String recordsJson(List<PluginRecord> records) {
        StringBuilder s = new StringBuilder("{\"plugins\": [");
        for (int i = 0; i < records.size(); i++) {
            PluginRecord r = records.get(i);
            s.append(i == 0 ? "" : ",")
                    .append("{\"plugin\":\"")
                    .append(r.plugin())
                    .append("\",\"pid\":")
                    .append(r.pid())
                    .append(",\"start_ticks\":")
                    .append(r.startTicks())
                    .append(",\"boot_id\":\"")
                    .append(r.bootId())
                    .append("\"}");
        }
        return s.append("]}").toString();
    }
}
