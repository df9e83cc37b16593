package dev.animus.keyring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

// writes fake tools and runs processes: see Tools#PROCESSES
@ResourceLock(Tools.PROCESSES)
class AvailabilityTest {

    @TempDir
    Path dir;

    private String uniqueBus() {
        return "unix:path=" + dir.resolve("bus-" + System.nanoTime());
    }

    @Test
    void notWithoutABusAddress() throws Exception {
        Path count = dir.resolve("count");
        Path bin = dir.resolve("bin");
        Tools.script(bin, "secret-tool", "echo x >> " + count + "\nexit 1");
        assertFalse(SecretServiceStore.available(Map.of("PATH", bin.toString())));
        assertFalse(SecretServiceStore.available(Map.of("PATH", bin.toString(), "DBUS_SESSION_BUS_ADDRESS", " ")));
        assertFalse(Files.exists(count), "the probe ran without a bus");
    }

    @Test
    void notWithoutSecretToolOnPath() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertFalse(SecretServiceStore.available(
                Map.of("PATH", empty.toString(), "DBUS_SESSION_BUS_ADDRESS", uniqueBus())));
        assertFalse(SecretServiceStore.available(Map.of("DBUS_SESSION_BUS_ADDRESS", uniqueBus())));
        // a relative PATH entry is not searched (it would be the working directory)
        assertFalse(SecretServiceStore.available(Map.of("PATH", ".:bin", "DBUS_SESSION_BUS_ADDRESS", uniqueBus())));
    }

    @Test
    void probedOncePerPathAndBus() throws Exception {
        Path count = dir.resolve("count");
        Path bin = dir.resolve("bin");
        Tools.script(bin, "secret-tool", "echo \"$@\" >> " + count + "\nexit 1");
        Map<String, String> env =
                new HashMap<>(Map.of("PATH", bin.toString(), "DBUS_SESSION_BUS_ADDRESS", uniqueBus()));
        assertTrue(SecretServiceStore.available(env));
        env.put("HOME", "/elsewhere"); // not part of the key
        assertTrue(SecretServiceStore.available(env));
        assertEquals(1, Files.readAllLines(count).size());
        env.put("DBUS_SESSION_BUS_ADDRESS", uniqueBus());
        assertTrue(SecretServiceStore.available(env));
        assertEquals(2, Files.readAllLines(count).size());
        assertEquals(
                "search service animus-probe probe nothing",
                Files.readAllLines(count).get(0));
    }

    @Test
    void probedOnceEvenWhenAskedConcurrently() throws Exception {
        Path count = dir.resolve("count");
        Path bin = dir.resolve("bin");
        Tools.script(bin, "secret-tool", "echo x >> " + count + "\nsleep 0.3\nexit 0");
        Map<String, String> env = Map.of("PATH", bin + ":/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS", uniqueBus());
        Thread[] threads = new Thread[8];
        boolean[] answers = new boolean[threads.length];
        for (int i = 0; i < threads.length; i++) {
            int n = i;
            threads[i] = Thread.ofPlatform().start(() -> answers[n] = SecretServiceStore.available(env));
        }
        for (Thread t : threads) {
            t.join();
        }
        for (boolean a : answers) {
            assertTrue(a);
        }
        assertEquals(1, Files.readAllLines(count).size());
    }

    @Test
    void notWhenTheProbeComplains() throws Exception {
        Path bin = dir.resolve("bin");
        Tools.script(
                bin, "secret-tool", "echo 'secret-tool: Could not connect: No such file or directory' >&2\nexit 1");
        assertFalse(
                SecretServiceStore.available(Map.of("PATH", bin.toString(), "DBUS_SESSION_BUS_ADDRESS", uniqueBus())));
    }

    @Test
    void notWithTheRealSecretToolAndNoBusThere() {
        Path real = Tools.secretTool();
        assertFalse(SecretServiceStore.available(Map.of(
                "PATH", real.getParent().toString(), "HOME", dir.toString(), "DBUS_SESSION_BUS_ADDRESS", uniqueBus())));
    }

    @Test
    void yesInsideAKeyringSession() throws Exception {
        try (KeyringSession session = KeyringSession.start(dir.resolve("session"))) {
            assertTrue(SecretServiceStore.available(session.environment()));
            Map<String, String> noBus = new HashMap<>(session.environment());
            noBus.remove("DBUS_SESSION_BUS_ADDRESS");
            assertFalse(SecretServiceStore.available(noBus));
        }
    }
}
