package dev.animus.store;

import static dev.animus.store.StateFixtures.digest;
import static dev.animus.store.StateFixtures.richState;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A document that cannot be used is an error naming the file and the field, and it stays
 * byte-identical: never reset, never rewritten, not even by a transaction
 * (docs/security.md#the-state-document).
 */
class StateFailsClosedTest {
    @TempDir
    Path home;

    StateStore store() {
        return StateStore.in(new HomeLayout(home));
    }

    /** The document of {@link StateStoreTest#smallState()} at revision 1, as the store writes it. */
    String validDocument() throws IOException {
        StateStore scratch = StateStore.in(new HomeLayout(home.resolve("scratch")));
        scratch.transact(s -> StateStoreTest.smallState());
        return Files.readString(scratch.file());
    }

    /** Puts {@code bytes} where the state document lives and returns the store's error on reading it. */
    DocumentUnreadable unreadable(byte[] bytes) throws IOException {
        Path file = store().file();
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        List<String> files = names(file.getParent());
        FileSnapshot before = FileSnapshot.of(file);
        DocumentUnreadable e = assertThrows(DocumentUnreadable.class, () -> store().read());
        before.assertUnchanged();
        AtomicBoolean changed = new AtomicBoolean();
        UnaryOperator<InstallState> change = s -> {
            changed.set(true);
            return s.with("new", PluginState.empty());
        };
        assertThrows(DocumentUnreadable.class, () -> store().transact(change));
        assertFalse(changed.get(), "a transaction on an unreadable document ran its change");
        before.assertUnchanged();
        List<String> after = names(file.getParent());
        after.remove(".state.lock"); // the lock, created by the first read if it was not there
        files.remove(".state.lock");
        assertEquals(files, after, "nothing else was written");
        assertEquals(file, e.file());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("retained for recovery and left unchanged"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    static Stream<Arguments> wrongDocuments() {
        String d = digest("echo");
        return Stream.of(
                Arguments.of(
                        "schema 0",
                        "\"schema_version\": 1",
                        "\"schema_version\": 0",
                        "schema_version: unknown schema 0"),
                Arguments.of(
                        "schema as text",
                        "\"schema_version\": 1",
                        "\"schema_version\": \"1\"",
                        "schema_version: expected a whole number"),
                Arguments.of("no revision", "\"revision\": 1,", "", "revision: a required field is missing"),
                Arguments.of(
                        "negative revision",
                        "\"revision\": 1",
                        "\"revision\": -1",
                        "revision: expected a whole number from 0"),
                Arguments.of(
                        "fractional revision",
                        "\"revision\": 1",
                        "\"revision\": 1.5",
                        "revision: expected a whole number"),
                Arguments.of(
                        "bad digest",
                        "\"digest\": \"" + d,
                        "\"digest\": \"XYZ" + d,
                        "plugins.echo.current.digest: \"XYZ"),
                Arguments.of(
                        "upper-case trusted digest",
                        "[\n        \"" + d,
                        "[\n        \"" + d.toUpperCase(),
                        "plugins.echo.trusted_digests[0]: "),
                Arguments.of(
                        "plugin a string",
                        "\"bare\": {",
                        "\"bare\": \"x\", \"y\": {",
                        "plugins.bare: expected an object, found the string \"x\""),
                Arguments.of(
                        "unknown shape",
                        "\"shape\": \"file\"",
                        "\"shape\": \"blob\"",
                        "plugins.echo.current.shape: unknown word \"blob\""),
                Arguments.of(
                        "unknown source kind",
                        "\"kind\": \"path\"",
                        "\"kind\": \"ftp\"",
                        "plugins.echo.current.source.kind: unknown word"),
                Arguments.of(
                        "bad timestamp",
                        "\"installed_at\": \"2026-11-30T12:00:00Z\"",
                        "\"installed_at\": \"yesterday\"",
                        "plugins.echo.current.installed_at: \"yesterday\""),
                Arguments.of(
                        "grant time a number",
                        "\"granted_at\": \"2026-11-30T12:00:00Z\"",
                        "\"granted_at\": 1",
                        "plugins.echo.consent_grants[0].granted_at: expected a string, found 1"),
                Arguments.of(
                        "no enabled_all_agents",
                        ",\n      \"enabled_all_agents\": false",
                        "",
                        "plugins.bare.enabled_all_agents: a required field is missing"),
                Arguments.of(
                        "blank entry",
                        "\"entry\": \"animus-plugin-echo\"",
                        "\"entry\": \" \"",
                        "plugins.echo.current.entry: the entry is blank"),
                Arguments.of(
                        "verified as text",
                        "\"sha256_verified\": true",
                        "\"sha256_verified\": \"yes\"",
                        "plugins.echo.current.source.sha256_verified: expected true or false"),
                Arguments.of(
                        "unknown field",
                        "\"revision\": 1,",
                        "\"revision\": 1, \"mode\": \"fast\",",
                        "mode: an unknown field"),
                Arguments.of(
                        "unknown nested field",
                        "\"default\"\n      ],",
                        "\"default\"\n      ], \"pinned\": true,",
                        "plugins.echo.pinned: an unknown field"),
                Arguments.of(
                        "manifest a string",
                        "\"manifest\": null",
                        "\"manifest\": \"name = 'echo'\"",
                        "plugins.echo.current.manifest: expected a manifest object or null"),
                Arguments.of(
                        "null in a manifest",
                        "\"manifest\": null",
                        "\"manifest\": {\"name\": null}",
                        "plugins.echo.current.manifest.name: a manifest value is null"),
                Arguments.of(
                        "duplicate key",
                        "\"revision\": 1,",
                        "\"revision\": 1, \"revision\": 2,",
                        "(syntax): not valid JSON"),
                Arguments.of("trailing garbage", "\n}\n", "\n}\n}\n", "(syntax): not valid JSON"),
                Arguments.of(
                        "a semicolon", "\"revision\": 1", "\"revision\"; 1", "(syntax): not valid JSON at line 3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongDocuments")
    void aWrongDocumentIsRefusedNamingTheFieldAndLeftByteIdentical(String name, String from, String to, String says)
            throws IOException {
        String valid = validDocument();
        assertTrue(valid.contains(from), () -> name + ": the fixture no longer contains " + from);
        DocumentUnreadable e = unreadable(valid.replace(from, to).getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().startsWith(store().file() + ": " + says), e.getMessage());
        assertEquals(List.of(new Fix.RepairState()), e.guidance().fixes(), e.getMessage());
    }

    @Test
    void aNewerSchemaSaysToUpgradeAnimusWhateverItsShape() throws IOException {
        DocumentUnreadable e =
                unreadable("{\"schema_version\": 99, \"plugins\": [\"whatever\"]}\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(
                e.getMessage().contains("schema_version: schema 99 is newer than this animus reads (1)"),
                e.getMessage());
        assertEquals(List.of(new Fix.UpgradeAnimus()), e.guidance().fixes(), e.getMessage());
        assertTrue(e.getMessage().endsWith(" to a version that reads it"), e.getMessage());
    }

    @Test
    void pluginsThatAreNotAnObjectAreRefused() throws IOException {
        DocumentUnreadable e = unreadable(
                "{\"schema_version\": 1, \"revision\": 3, \"plugins\": []}\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains(": plugins: expected an object, found an array"), e.getMessage());
    }

    @Test
    void aNonObjectDocumentIsRefused() throws IOException {
        DocumentUnreadable e = unreadable("[1, 2]\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains(": (document): expected an object, found an array"), e.getMessage());
    }

    @Test
    void anEmptyFileIsRefusedAsTruncated() throws IOException {
        DocumentUnreadable e = unreadable(new byte[0]);
        assertTrue(e.getMessage().contains("(syntax): the file is empty (a truncated write?)"), e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreRefused() throws IOException {
        byte[] bytes = validDocument().replace("/abs", "/ab\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(unreadable(bytes).getMessage().contains("(syntax): not valid JSON"));
    }

    /** Property: wherever a write stopped, what it left is refused, never half-read (seeded; the seed is printed). */
    @Test
    void everyTruncationOfARichDocumentIsRefusedNamingTheFile() throws IOException {
        StateStore scratch = StateStore.in(new HomeLayout(home.resolve("scratch")));
        scratch.transact(s -> richState());
        byte[] whole = Files.readAllBytes(scratch.file());
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("everyTruncationOfARichDocumentIsRefusedNamingTheFile seed " + seed
                + " (rerun with -Dfuzz.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        // the last byte is the newline: without it the document is complete
        List<Integer> lengths = new ArrayList<>(List.of(0, 1, whole.length - 2));
        random.ints(150, 0, whole.length - 1).forEach(lengths::add);
        for (int length : lengths) {
            DocumentUnreadable e = unreadable(Arrays.copyOf(whole, length));
            assertTrue(
                    e.getMessage().startsWith(store().file() + ": (syntax): "),
                    () -> "seed " + seed + ", length " + length + ": " + e.getMessage());
        }
        byte[] complete = Arrays.copyOf(whole, whole.length - 1);
        Files.write(store().file(), complete);
        assertEquals(StateFixtures.atRevision(richState(), 1), store().read().state());
        assertArrayEquals(complete, Files.readAllBytes(store().file()));
    }

    @Nested
    class Quarantine {
        static final Instant NOW = Instant.parse("2026-11-30T12:34:56.789Z");

        @Test
        void anUnreadableDocumentIsMovedAsideWholeAndTheNextReadIsEmpty() throws IOException {
            byte[] corrupt = "{\"schema_version\": 1, \"revision\": 4, \"plu".getBytes(StandardCharsets.UTF_8);
            unreadable(corrupt);
            Optional<Path> aside = store().quarantine(NOW);
            assertEquals(Optional.of(store().file().resolveSibling("state.json.unreadable-20261130T123456Z")), aside);
            assertArrayEquals(corrupt, Files.readAllBytes(aside.orElseThrow()));
            assertFalse(Files.exists(store().file()));
            assertEquals(InstallState.empty(), store().read().state());
        }

        @Test
        void aSecondRepairInTheSameSecondKeepsTheFirstMovedDocument() throws IOException {
            unreadable("first".getBytes(StandardCharsets.UTF_8));
            Path first = store().quarantine(NOW).orElseThrow();
            unreadable("second".getBytes(StandardCharsets.UTF_8));
            Path second = store().quarantine(NOW).orElseThrow();
            assertEquals(
                    "state.json.unreadable-20261130T123456Z-2",
                    second.getFileName().toString());
            assertEquals("first", Files.readString(first));
            assertEquals("second", Files.readString(second));
        }

        @Test
        void aReadableDocumentStaysWhereItIs() throws IOException {
            store().transact(s -> StateStoreTest.smallState());
            FileSnapshot before = FileSnapshot.of(store().file());
            assertEquals(Optional.empty(), store().quarantine(NOW));
            before.assertUnchanged();
        }

        @Test
        void thereIsNothingToMoveWhenThereIsNoDocument() {
            assertEquals(Optional.empty(), store().quarantine(NOW));
            assertFalse(Files.exists(store().file()));
        }
    }
}
