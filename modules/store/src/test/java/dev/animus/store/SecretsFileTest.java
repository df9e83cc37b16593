package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The file keyring backend: what goes in comes out, text exactly; the file is 0600 and deterministic. */
class SecretsFileTest {
    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    Path home;
    SecretsFile secrets;

    @BeforeEach
    void createStore() throws IOException {
        home = Files.createDirectory(
                dir.resolve("home"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        secrets = new SecretsFile(new HomeLayout(home));
    }

    static Stream<Arguments> tricky() {
        StringBuilder everyControl = new StringBuilder();
        for (char c = 1; c < 0x20; c++) {
            everyControl.append(c);
        }
        everyControl
                .append('\u007f')
                .append('\u0085')
                .append('\u009f')
                .append('\u2028')
                .append('\ufeff');
        String kib = "0123456789abcdef".repeat(64);
        return Stream.of(
                Arguments.of("plain", "sk-live-1234567890"),
                Arguments.of("double quotes", "\"quoted\" and \"\"\"triple\"\"\""),
                Arguments.of("single quotes", "it's '''literal'''"),
                Arguments.of("backslashes", "C:\\path\\to\\n\\u0041 \\\\ \\"),
                Arguments.of("a line feed", "line one\nline two\n"),
                Arguments.of("a carriage return", "a\rb\r\n"),
                Arguments.of("a tab", "\tleading and trailing\t"),
                Arguments.of("every control character", everyControl.toString()),
                Arguments.of("emoji and other planes", "🔑 clé 鍵 ключ \uD834\uDD1E 𝔘"),
                Arguments.of("spaces only", "   "),
                Arguments.of(
                        "TOML that would end the table if written raw",
                        "x\"\nschema_version = 2\n[[secret]]\nplugin = \"evil\"\nname = \"x\"\nvalue = \""),
                Arguments.of("8 KiB", kib.repeat(8)),
                Arguments.of("8 KiB of quotes and line breaks", "\"\\\n".repeat(8192 / 3)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tricky")
    void aValueReadsBackAsTheSameText(String what, String value) {
        secrets.set("echo", "api_key", SecretValue.of(value));
        assertEquals(value, secrets.get("echo", "api_key").orElseThrow().reveal());
        assertEquals(
                value,
                new SecretsFile(new HomeLayout(home))
                        .get("echo", "api_key")
                        .orElseThrow()
                        .reveal(),
                "another instance reads the same text");
        assertEquals(List.of("api_key"), secrets.list("echo"));
    }

    @Test
    void everyUnicodeCharacterReadsBackAsTheSameText() {
        StringBuilder all = new StringBuilder();
        for (int cp = 1; cp <= Character.MAX_CODE_POINT; cp++) {
            if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
                all.appendCodePoint(cp);
            }
        }
        String value = all.toString();
        secrets.set("echo", "everything", SecretValue.of(value));
        assertEquals(
                value,
                new SecretsFile(new HomeLayout(home))
                        .get("echo", "everything")
                        .orElseThrow()
                        .reveal());
    }

    @Test
    void charactersBeyondTheBmpReadBackAtEveryOffset() {
        // the TOML reader's buffer is 4000 characters: a pair written raw across it would be split
        for (int offset = 0; offset < 4; offset++) {
            String value = "x".repeat(offset) + "🔑𝔘".repeat(3000);
            secrets.set("echo", "k" + offset, SecretValue.of(value));
        }
        SecretsFile again = new SecretsFile(new HomeLayout(home));
        for (int offset = 0; offset < 4; offset++) {
            assertEquals(
                    "x".repeat(offset) + "🔑𝔘".repeat(3000),
                    again.get("echo", "k" + offset).orElseThrow().reveal());
        }
    }

    @Test
    void theFileIsDeterministicSortedByPluginThenName() throws IOException {
        secrets.set("zeta", "token", SecretValue.of("z"));
        secrets.set("echo", "b_key", SecretValue.of("say \"hi\"\n"));
        secrets.set("echo", "a_key", SecretValue.of("a\tb 🔑"));
        assertEquals("""
                # Animus secrets: plain text, readable only by you (mode 0600). Prefer the Secret Service (ANIMUS_KEYRING).
                schema_version = 1

                [[secret]]
                plugin = "echo"
                name = "a_key"
                value = "a\\tb \\U0001F511"

                [[secret]]
                plugin = "echo"
                name = "b_key"
                value = "say \\"hi\\"\\n"

                [[secret]]
                plugin = "zeta"
                name = "token"
                value = "z"
                """, Files.readString(home.resolve("secrets.toml")));
    }

    @Test
    void aMissingFileHoldsNothingAndReadingItCreatesNothing() throws IOException {
        SecretsFile nowhere = new SecretsFile(new HomeLayout(dir.resolve("no-home")));
        assertEquals(Optional.empty(), nowhere.get("echo", "api_key"));
        assertEquals(List.of(), nowhere.list("echo"));
        assertFalse(nowhere.delete("echo", "api_key"));
        assertFalse(Files.exists(dir.resolve("no-home")));

        assertEquals(Optional.empty(), secrets.get("echo", "api_key"));
        assertEquals(List.of(), secrets.list("echo"));
        assertFalse(secrets.delete("echo", "api_key"));
        assertFalse(Files.exists(secrets.file()));
    }

    @Test
    void setCreatesTheFileAndAMissingHomeWithPrivateModes() throws IOException {
        SecretsFile fresh = new SecretsFile(new HomeLayout(dir.resolve("new-home")));
        fresh.set("echo", "api_key", SecretValue.of("v"));
        assertEquals("rw-------", mode(fresh.file()));
        assertEquals("rwx------", mode(dir.resolve("new-home")));
        assertEquals("rw-------", mode(dir.resolve("new-home/.secrets.lock")));
    }

    @Test
    void anExistingHomeKeepsItsMode() throws IOException {
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-x---"));
        secrets.set("echo", "api_key", SecretValue.of("v"));
        assertEquals("rwxr-x---", mode(home));
        assertEquals("rw-------", mode(secrets.file()));
    }

    @Test
    void theFileIs0600AfterCreateAndAfterReplace() throws IOException {
        secrets.set("echo", "api_key", SecretValue.of("first"));
        assertEquals("rw-------", mode(secrets.file()));
        secrets.set("echo", "api_key", SecretValue.of("second"));
        assertEquals("rw-------", mode(secrets.file()));
        assertEquals("second", secrets.get("echo", "api_key").orElseThrow().reveal());
    }

    @Test
    void anOwnerOnlyModeIsReadAndTheNextWriteMakesIt0600() throws IOException {
        secrets.set("echo", "api_key", SecretValue.of("first"));
        Files.setPosixFilePermissions(secrets.file(), PosixFilePermissions.fromString("r--------"));
        assertEquals("first", secrets.get("echo", "api_key").orElseThrow().reveal());
        secrets.set("echo", "other", SecretValue.of("second"));
        assertEquals("rw-------", mode(secrets.file()));
    }

    @Test
    void replaceKeepsOneEntryAndTheSameValueWritesNothing() throws IOException {
        secrets.set("echo", "api_key", SecretValue.of("first"));
        secrets.set("echo", "api_key", SecretValue.of("second"));
        assertEquals(List.of("api_key"), secrets.list("echo"));
        assertEquals("second", secrets.get("echo", "api_key").orElseThrow().reveal());
        FileSnapshot before = FileSnapshot.of(secrets.file());
        secrets.set("echo", "api_key", SecretValue.of("second"));
        before.assertUnchanged();
    }

    @Test
    void deleteSaysWhetherThereWasOne() throws IOException {
        secrets.set("echo", "api_key", SecretValue.of("v"));
        secrets.set("echo", "other", SecretValue.of("w"));
        assertTrue(secrets.delete("echo", "api_key"));
        assertFalse(secrets.delete("echo", "api_key"));
        assertEquals(Optional.empty(), secrets.get("echo", "api_key"));
        assertEquals(List.of("other"), secrets.list("echo"));
        FileSnapshot before = FileSnapshot.of(secrets.file());
        assertFalse(secrets.delete("echo", "api_key"), "nothing to delete");
        assertFalse(secrets.delete("zeta", "other"), "another plugin's name");
        before.assertUnchanged();
        assertTrue(secrets.delete("echo", "other"));
        assertEquals(List.of(), secrets.list("echo"));
        assertEquals("rw-------", mode(secrets.file()));
        assertFalse(Files.readString(secrets.file()).contains("[[secret]]"));
    }

    @Test
    void listIsSortedAndPerPluginAndPluginsAreApart() {
        secrets.set("echo", "zulu", SecretValue.of("1"));
        secrets.set("echo", "Alpha", SecretValue.of("2"));
        secrets.set("echo", "mike", SecretValue.of("3"));
        secrets.set("echo", "_under", SecretValue.of("4"));
        secrets.set("clock", "mike", SecretValue.of("clock's"));
        assertEquals(List.of("Alpha", "_under", "mike", "zulu"), secrets.list("echo"));
        assertEquals(List.of("mike"), secrets.list("clock"));
        assertEquals(List.of(), secrets.list("other"));
        assertEquals("3", secrets.get("echo", "mike").orElseThrow().reveal());
        assertEquals("clock's", secrets.get("clock", "mike").orElseThrow().reveal());
        assertTrue(secrets.delete("clock", "mike"));
        assertEquals("3", secrets.get("echo", "mike").orElseThrow().reveal());
        assertEquals(Optional.empty(), secrets.get("clock", "mike"));
    }

    @Test
    void namesAreCheckedBeforeTheFileIsTouched() throws IOException {
        Files.writeString(secrets.file(), "not toml [");
        FileSnapshot before = FileSnapshot.of(secrets.file());
        assertThrows(IllegalArgumentException.class, () -> secrets.get("Echo", "api_key"));
        assertThrows(IllegalArgumentException.class, () -> secrets.get("echo", "9lives"));
        assertThrows(IllegalArgumentException.class, () -> secrets.set("echo", "api key", SecretValue.of("v")));
        assertThrows(IllegalArgumentException.class, () -> secrets.delete("../echo", "api_key"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> secrets.list("ECHO"));
        assertTrue(e.getMessage().contains("is not a plugin name"), e.getMessage());
        before.assertUnchanged();
        assertFalse(Files.exists(home.resolve(".secrets.lock")), "not even the lock was taken");
    }

    @Test
    void aLoneSurrogateIsRefusedWithoutShowingTheValue() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> secrets.set("echo", "api_key", SecretValue.of("sk-SECRET\uD800")));
        assertTrue(e.getMessage().contains("lone UTF-16 surrogate"), e.getMessage());
        assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
        assertFalse(Files.exists(secrets.file()));
    }

    @Test
    void backendAndFile() {
        assertEquals("file", secrets.backend());
        assertEquals(home.resolve("secrets.toml"), secrets.file());
        assertEquals(home.resolve(".secrets.lock"), new HomeLayout(home).secretsLock());
    }

    @Test
    void aTempFileLeftByADeadWriterIsRemovedByTheNextWrite() throws IOException {
        Path abandoned = StoreFiles.write(home.resolve(".secrets.toml.tmp-0000"), "old secrets", "rw-------");
        secrets.set("echo", "api_key", SecretValue.of("v"));
        assertFalse(Files.exists(abandoned));
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aCallWhileAnotherProcessHoldsTheLockFailsAfterItsWaitAndWritesNothing() throws Exception {
        secrets.set("echo", "api_key", SecretValue.of("v"));
        FileSnapshot before = FileSnapshot.of(secrets.file());
        SecretsFile impatient = new SecretsFile(secrets.file(), home.resolve(".secrets.lock"), Duration.ofMillis(50));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ExecutorService holder = Executors.newSingleThreadExecutor()) {
            Future<?> holding = holder.submit(() -> {
                try (FileLocks.Held _ = FileLocks.acquire(home.resolve(".secrets.lock"), WAIT)) {
                    held.countDown();
                    release.await();
                }
                return null;
            });
            held.await();
            try {
                SecretStoreFailed e = assertThrows(
                        SecretStoreFailed.class, () -> impatient.set("echo", "api_key", SecretValue.of("w")));
                assertTrue(e.getMessage().contains("ANIMUS_KEYRING=file"), e.getMessage());
                assertTrue(e.getCause() instanceof LockTimedOut, String.valueOf(e.getCause()));
                assertThrows(SecretStoreFailed.class, () -> impatient.get("echo", "api_key"));
                assertThrows(SecretStoreFailed.class, () -> impatient.list("echo"));
                assertThrows(SecretStoreFailed.class, () -> impatient.delete("echo", "api_key"));
            } finally {
                release.countDown();
            }
            holding.get(30, TimeUnit.SECONDS);
        }
        before.assertUnchanged();
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void eightThreadsSettingAtOnceLoseNothing() throws Exception {
        int threads = 8;
        int each = 20;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> setters = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                setters.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < each; i++) {
                        secrets.set("p" + thread % 2, "t" + thread + "_s" + i, SecretValue.of("first " + i));
                        secrets.set("p" + thread % 2, "t" + thread + "_s" + i, SecretValue.of("last " + thread + i));
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> setter : setters) {
                setter.get(60, TimeUnit.SECONDS);
            }
        }
        Map<String, String> expected = new TreeMap<>();
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < each; i++) {
                expected.put("p" + t % 2 + "/t" + t + "_s" + i, "last " + t + i);
            }
        }
        Map<String, String> actual = new TreeMap<>();
        for (String plugin : List.of("p0", "p1")) {
            for (String name : secrets.list(plugin)) {
                actual.put(
                        plugin + "/" + name,
                        secrets.get(plugin, name).orElseThrow().reveal());
            }
        }
        assertEquals(expected, actual);
    }

    static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
