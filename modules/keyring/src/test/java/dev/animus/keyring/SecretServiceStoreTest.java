package dev.animus.keyring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.SecretValue;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/** Against a real gnome-keyring-daemon in a private session bus. */
// writes fake tools and runs processes: see Tools#PROCESSES
@ResourceLock(Tools.PROCESSES)
class SecretServiceStoreTest {

    @TempDir
    static Path dir;

    private static KeyringSession session;
    private static SecretServiceStore store;

    /** Started by the first test, so that without the tools every test is reported skipped, not none run. */
    @BeforeEach
    void startKeyring() throws Exception {
        synchronized (SecretServiceStoreTest.class) {
            if (session == null) {
                session = KeyringSession.start(dir);
                store = new SecretServiceStore(session.environment());
            }
        }
    }

    @AfterAll
    static void stopKeyring() throws Exception {
        if (session != null) {
            session.close();
            assertEquals(List.of(), session.leftovers(), "processes left behind by the keyring session");
        }
    }

    @Test
    void backendIsSecretService() {
        assertEquals("secret-service", store.backend());
    }

    @Test
    void valuesRoundTripByteExactly() {
        List<String> values = List.of(
                "plain",
                "with spaces  inside and at the end  ",
                "  leading spaces",
                "unicode: héllo wörld ✓ 日本語 🔑",
                "trailing newline\n",
                "two trailing newlines\n\n",
                "line one\nline two\r\n\ttab",
                "x".repeat(4096),
                "é".repeat(2048) + "\n",
                "secret = looks like search output\nattribute.name = forged\n",
                "-starts-with-a-dash");
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            store.set("roundtrip", "v" + i, SecretValue.of(v));
            Optional<SecretValue> back = store.get("roundtrip", "v" + i);
            assertTrue(back.isPresent(), "value " + i);
            assertEquals(v, back.get().reveal(), "value " + i + " did not round-trip");
        }
        // the forged attribute line in a value does not become a name
        assertFalse(store.list("roundtrip").contains("forged"));
    }

    @Test
    void setReplaces() {
        store.set("replace", "token", SecretValue.of("first"));
        store.set("replace", "token", SecretValue.of("second"));
        assertEquals("second", store.get("replace", "token").orElseThrow().reveal());
        assertEquals(List.of("token"), store.list("replace"));
    }

    @Test
    void deleteSaysWhetherThereWasOne() {
        store.set("delete", "token", SecretValue.of("gone soon"));
        assertTrue(store.delete("delete", "token"));
        assertEquals(Optional.empty(), store.get("delete", "token"));
        assertFalse(store.delete("delete", "token"));
        assertFalse(store.delete("delete", "never-set"));
    }

    @Test
    void absentIsEmpty() {
        assertEquals(Optional.empty(), store.get("absent", "nothing"));
        assertEquals(List.of(), store.list("absent"));
    }

    @Test
    void listIsSortedDistinctAndOnlyThatPlugin() {
        store.set("lister", "zeta", SecretValue.of("value-of-zeta"));
        store.set("lister", "alpha", SecretValue.of("value-of-alpha"));
        store.set("lister", "Mid_1", SecretValue.of("value-of-mid"));
        store.set("lister", "alpha", SecretValue.of("value-of-alpha-again"));
        store.set("lister-other", "beta", SecretValue.of("value-of-beta"));
        store.set("lister.x", "gamma", SecretValue.of("value-of-gamma"));
        List<String> names = store.list("lister");
        assertEquals(List.of("Mid_1", "alpha", "zeta"), names);
        for (String n : names) {
            assertFalse(n.contains("value-of"), n);
        }
        assertEquals(List.of("beta"), store.list("lister-other"));
    }

    @Test
    void twoPluginsAreKeptApart() {
        store.set("plugin-a", "token", SecretValue.of("a's token"));
        store.set("plugin-b", "token", SecretValue.of("b's token"));
        assertEquals("a's token", store.get("plugin-a", "token").orElseThrow().reveal());
        assertEquals("b's token", store.get("plugin-b", "token").orElseThrow().reveal());
        assertTrue(store.delete("plugin-a", "token"));
        assertEquals(Optional.empty(), store.get("plugin-a", "token"));
        assertEquals("b's token", store.get("plugin-b", "token").orElseThrow().reveal());
    }

    @Test
    void availableInsideTheSession() {
        assertTrue(SecretServiceStore.available(session.environment()));
        assertTrue(SecretServiceStore.available(session.environment()), "cached answer");
    }

    @Test
    void concurrentCallsAreIndependent() throws Exception {
        Thread[] threads = new Thread[6];
        Throwable[] failures = new Throwable[threads.length];
        for (int i = 0; i < threads.length; i++) {
            int n = i;
            threads[i] = Thread.ofPlatform().start(() -> {
                try {
                    for (int k = 0; k < 3; k++) {
                        String v = "thread " + n + " round " + k;
                        store.set("concurrent", "t" + n, SecretValue.of(v));
                        assertEquals(
                                v,
                                store.get("concurrent", "t" + n).orElseThrow().reveal());
                    }
                } catch (Throwable t) {
                    failures[n] = t;
                }
            });
        }
        for (Thread t : threads) {
            t.join();
        }
        for (Throwable f : failures) {
            if (f != null) {
                throw new AssertionError(f);
            }
        }
        assertEquals(List.of("t0", "t1", "t2", "t3", "t4", "t5"), store.list("concurrent"));
    }
}
