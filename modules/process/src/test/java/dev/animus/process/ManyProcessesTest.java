package dev.animus.process;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hundreds of live plugin processes must leave the JVM's virtual threads runnable: a stderr drain
 * blocked in a pipe read holds a carrier of the virtual-thread scheduler (the JDK adds one per such
 * read, up to 256), so 300 drains on virtual threads took every carrier and nothing virtual ran
 * again (found by bench/many with 200 plugins).
 */
class ManyProcessesTest {
    private static final int PROCESSES = 300;

    @TempDir
    Path dir;

    @Test
    void threeHundredQuietProcessesLeaveVirtualThreadsRunnable() throws Exception {
        Path idle = dir.resolve("idle");
        Files.writeString(idle, "#!/bin/sh\nexec sleep 600\n");
        Files.setPosixFilePermissions(idle, PosixFilePermissions.fromString("rwx------"));
        List<PluginProcess> processes = new ArrayList<>();
        try {
            for (int i = 0; i < PROCESSES; i++) {
                processes.add(start(idle, i));
            }
            CountDownLatch ran = new CountDownLatch(1);
            Thread.ofVirtual().name("probe").start(ran::countDown);
            assertTrue(
                    ran.await(20, TimeUnit.SECONDS),
                    "a virtual thread started after " + PROCESSES
                            + " quiet processes never ran: their stderr drains hold every carrier");
        } finally {
            processes.forEach(PluginProcess::kill);
        }
        for (PluginProcess p : processes) {
            assertTrue(p.exited().get(20, TimeUnit.SECONDS) != null, "pid " + p.pid() + " was not reaped");
            p.close();
        }
    }

    private static PluginProcess start(Path exe, int i) throws IOException {
        return PluginProcess.start(
                new SpawnSpec(List.of(exe.toString()), Map.of("PATH", "/usr/bin:/bin"), Optional.empty(), "idle-" + i));
    }
}
