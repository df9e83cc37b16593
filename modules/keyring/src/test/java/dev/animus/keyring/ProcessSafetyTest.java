package dev.animus.keyring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/** What happens around the secret-tool process: argv, the time limit, names, error messages. */
// writes fake tools and runs processes: see Tools#PROCESSES
@ResourceLock(Tools.PROCESSES)
class ProcessSafetyTest {

    @TempDir
    Path dir;

    private Map<String, String> env(Path home) {
        return Map.of(
                "HOME",
                home.toString(),
                "PATH",
                System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "DBUS_SESSION_BUS_ADDRESS",
                "unix:path=" + dir.resolve("no-bus"),
                "SOMETHING_ELSE",
                "must-not-be-passed-on");
    }

    @Test
    void theValueIsNeverInAnyCommandLine() throws Exception {
        try (KeyringSession session = KeyringSession.start(dir.resolve("session"))) {
            Path real = Tools.secretTool();
            // slow enough that the poller surely sees the wrapper and the real secret-tool
            Path slow = Tools.script(dir.resolve("bin"), "secret-tool", "sleep 1\nexec " + real + " \"$@\"");
            SecretServiceStore store = new SecretServiceStore(session.environment(), slow, Duration.ofSeconds(10));
            String value = "distinctive-" + System.nanoTime() + "-value";
            AtomicBoolean done = new AtomicBoolean();
            List<String> leaked = new ArrayList<>();
            AtomicInteger sawStore = new AtomicInteger();
            Thread poller = Thread.ofPlatform().start(() -> {
                while (!done.get()) {
                    for (String c : Tools.cmdlines()) {
                        if (c.contains(value)) {
                            leaked.add("cmdline: " + c);
                        }
                        if (c.contains("store --label=animus argv token")) {
                            sawStore.incrementAndGet();
                        }
                    }
                    for (String e : Tools.environs()) {
                        if (e.contains(value)) {
                            leaked.add("environ");
                        }
                    }
                }
            });
            try {
                store.set("argv", "token", SecretValue.of(value));
            } finally {
                done.set(true);
                poller.join();
            }
            assertEquals(List.of(), leaked);
            assertTrue(sawStore.get() > 0, "the poller never saw secret-tool store running");
            assertEquals(value, store.get("argv", "token").orElseThrow().reveal());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSecretToolThatHangsIsKilledAtTheTimeLimit() throws Exception {
        Path home = Files.createDirectories(dir.resolve("hang-home"));
        Path hang = Tools.script(dir.resolve("bin"), "secret-tool", "sleep 30\nexit 0");
        SecretServiceStore store = new SecretServiceStore(env(home), hang, Duration.ofMillis(500));
        String value = "hanging-value-" + System.nanoTime();
        // the tool sleeps 30 s: the message says the 500 ms limit ended it (and @Timeout bounds the wait)
        SecretStoreFailed e =
                assertThrows(SecretStoreFailed.class, () -> store.set("hang", "token", SecretValue.of(value)));
        assertTrue(e.getMessage().contains("ANIMUS_KEYRING=file"), e.getMessage());
        assertTrue(
                e.getMessage().startsWith("secret-service: the Secret Service did not answer within 500 ms"),
                e.getMessage());
        assertFalse(e.getMessage().contains(value), e.getMessage());
        // the shell and its sleep (a grandchild of ours) are both gone
        assertEquals(List.of(), Tools.awaitNoneWithEnvironment("HOME=" + home, 2_000));

        assertTrue(assertThrows(SecretStoreFailed.class, () -> store.get("hang", "token"))
                .getMessage()
                .contains("did not answer within 500 ms"));
        assertTrue(assertThrows(SecretStoreFailed.class, () -> store.list("hang"))
                .getMessage()
                .contains("did not answer within 500 ms"));
        assertEquals(List.of(), Tools.awaitNoneWithEnvironment("HOME=" + home, 2_000));
    }

    @Test
    void badNamesAreRefusedBeforeAnyProcessRuns() throws Exception {
        Path ran = dir.resolve("ran");
        Path recorder = Tools.script(dir.resolve("bin"), "secret-tool", "echo \"$@\" >> " + ran + "\nexit 1");
        SecretServiceStore store = new SecretServiceStore(env(dir), recorder, Duration.ofSeconds(5));
        SecretValue v = SecretValue.of("v");
        List<String[]> bad = List.of(
                new String[] {"Bad", "token"},
                new String[] {"", "token"},
                new String[] {"../x", "token"},
                new String[] {"-x", "token"},
                new String[] {"ok", "1abc"},
                new String[] {"ok", "a b"},
                new String[] {"ok", "x".repeat(129)},
                new String[] {"ok", ""},
                new String[] {"ok", "--all"},
                new String[] {"ok", "a\nb"});
        for (String[] b : bad) {
            List<Executable> calls = List.of(
                    () -> store.get(b[0], b[1]), () -> store.set(b[0], b[1], v), () -> store.delete(b[0], b[1]));
            for (Executable call : calls) {
                assertThrows(IllegalArgumentException.class, call, String.valueOf(b[0]) + "/" + b[1]);
            }
        }
        for (String plugin : new String[] {"Bad", "", "-all", "a b"}) {
            assertThrows(IllegalArgumentException.class, () -> store.list(plugin), plugin);
        }
        // null names: core's checkNames fails on them too (a NullPointerException from its message)
        assertThrows(RuntimeException.class, () -> store.get(null, "token"));
        assertThrows(RuntimeException.class, () -> store.set("ok", null, v));
        assertThrows(RuntimeException.class, () -> store.delete(null, null));
        assertThrows(RuntimeException.class, () -> store.list(null));
        assertFalse(Files.exists(ran), "secret-tool ran for a bad name");
        // and a good name does reach it (so the recorder works)
        store.get("ok", "token");
        assertEquals("lookup service animus plugin ok name token\n", Files.readString(ran));
    }

    @Test
    void onlyThePassedOnVariablesReachSecretTool() throws Exception {
        Path out = dir.resolve("env.txt");
        Path tool = Tools.script(dir.resolve("bin"), "secret-tool", "env > " + out + "\nexit 1");
        SecretServiceStore store = new SecretServiceStore(env(dir), tool, Duration.ofSeconds(5));
        store.get("ok", "token");
        List<String> names = Files.readAllLines(out).stream()
                .map(l -> l.substring(0, l.indexOf('=')))
                .filter(n -> !n.equals("PWD") && !n.equals("SHLVL") && !n.equals("_")) // the shell's own
                .sorted()
                .toList();
        assertEquals(List.of("DBUS_SESSION_BUS_ADDRESS", "HOME", "PATH"), names);
    }

    @Test
    void anErrorMessageNeverHoldsTheValue() throws Exception {
        // a secret-tool that echoes what it was given on stderr and fails
        Path echo =
                Tools.script(dir.resolve("bin"), "secret-tool", "cat >&2\necho ' and password=hunter22' >&2\nexit 3");
        SecretServiceStore store = new SecretServiceStore(env(dir), echo, Duration.ofSeconds(5));
        for (String value :
                List.of("plain-distinctive-value", "  spaced value  \n", "first line\nsecond line here\n")) {
            SecretStoreFailed e =
                    assertThrows(SecretStoreFailed.class, () -> store.set("leaky", "token", SecretValue.of(value)));
            String m = e.getMessage();
            assertTrue(m.startsWith("secret-service: secret-tool store failed (exit status 3)"), m);
            assertTrue(m.contains("ANIMUS_KEYRING=file"), m);
            for (String part : value.strip().split("\n")) {
                assertFalse(m.contains(part.strip()), m);
            }
            assertFalse(m.contains("hunter22"), m);
            assertFalse(m.contains("\n"), m);
        }
    }

    @Test
    void aValueTooLongForSecretToolIsRefusedBeforeItIsCutOff() throws Exception {
        Path ran = dir.resolve("ran-long");
        Path recorder = Tools.script(dir.resolve("bin"), "secret-tool", "touch " + ran + "\nexit 0");
        SecretServiceStore store = new SecretServiceStore(env(dir), recorder, Duration.ofSeconds(5));
        String value = "y".repeat(SecretServiceStore.MAX_VALUE_BYTES + 1);
        SecretStoreFailed e =
                assertThrows(SecretStoreFailed.class, () -> store.set("long", "token", SecretValue.of(value)));
        assertTrue(e.getMessage().contains("ANIMUS_KEYRING=file"), e.getMessage());
        assertFalse(e.getMessage().contains("yyyy"), e.getMessage());
        assertFalse(Files.exists(ran));
        store.set("long", "token", SecretValue.of("y".repeat(SecretServiceStore.MAX_VALUE_BYTES)));
        assertTrue(Files.exists(ran));
    }

    @Test
    void withoutSecretToolEveryCallSaysWhatToInstall() {
        Map<String, String> env = Map.of("PATH", dir.toString(), "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nowhere");
        SecretServiceStore store = new SecretServiceStore(env);
        SecretStoreFailed e = assertThrows(SecretStoreFailed.class, () -> store.get("ok", "token"));
        assertTrue(e.getMessage().contains("libsecret-tools"), e.getMessage());
        assertTrue(e.getMessage().contains("ANIMUS_KEYRING=file"), e.getMessage());
    }

    @Test
    void aBrokenBusIsAFailureNotAnAbsentSecret() throws Exception {
        Path real = Tools.secretTool();
        SecretServiceStore store = new SecretServiceStore(env(dir), real, Duration.ofSeconds(5));
        SecretStoreFailed e = assertThrows(SecretStoreFailed.class, () -> store.get("ok", "token"));
        assertTrue(e.getMessage().contains("secret-tool lookup failed (exit status 1)"), e.getMessage());
        assertThrows(SecretStoreFailed.class, () -> store.list("ok"));
        assertThrows(SecretStoreFailed.class, () -> store.delete("ok", "token"));
        assertThrows(SecretStoreFailed.class, () -> store.set("ok", "token", SecretValue.of("v")));
    }
}
