package dev.animus.store;

import static dev.animus.store.LockEntries.path;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallSource;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LockEntryTest {
    private static final String DIGEST = LockEntries.sha256("x");

    private static LockEntry named(String name) {
        return new LockEntry(
                name, "1.0.0", InstallSource.path("/p"), DIGEST, Optional.empty(), "unsigned", LockEntries.AT);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Echo",
                "-echo",
                ".echo",
                "_echo",
                "echo plugin",
                "échо",
                "a/b",
                "a12345678901234567890123456789012345678901234567890123456789012345"
            })
    void aNameOutsideThePluginNameRuleIsRefused(String name) {
        var e = assertThrows(IllegalArgumentException.class, () -> named(name));
        assertTrue(e.getMessage().startsWith("name: "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "e",
                "0",
                "echo",
                "my-plugin.v2_x",
                "a123456789012345678901234567890123456789012345678901234567890123"
            })
    void aNameWithinThePluginNameRuleIsAccepted(String name) {
        assertEquals(name, assertDoesNotThrow(() -> named(name)).name());
    }

    @Test
    void digestsMustBeSixtyFourLowercaseHexDigits() {
        var artifact = assertThrows(
                IllegalArgumentException.class,
                () -> new LockEntry(
                        "echo",
                        "1",
                        InstallSource.path("/p"),
                        DIGEST.toUpperCase(Locale.ROOT),
                        Optional.empty(),
                        "unsigned",
                        LockEntries.AT));
        assertTrue(artifact.getMessage().startsWith("artifact_sha256 "), artifact.getMessage());
        var bundle = assertThrows(
                IllegalArgumentException.class,
                () -> new LockEntry(
                        "echo",
                        "1",
                        InstallSource.path("/p"),
                        DIGEST,
                        Optional.of(DIGEST.substring(1)),
                        "unsigned",
                        LockEntries.AT));
        assertTrue(bundle.getMessage().startsWith("signature_bundle_sha256 "), bundle.getMessage());
    }

    @Test
    void aBlankVersionOrSignatureIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new LockEntry(
                        "echo", " ", InstallSource.path("/p"), DIGEST, Optional.empty(), "unsigned", LockEntries.AT));
        assertThrows(
                IllegalArgumentException.class,
                () -> new LockEntry(
                        "echo", "1", InstallSource.path("/p"), DIGEST, Optional.empty(), "", LockEntries.AT));
    }

    @Test
    void textAFileCannotHoldIsRefusedBeforeAnythingIsWritten() {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> new LockEntry(
                        "echo",
                        "1",
                        InstallSource.path("/p/\ud800"),
                        DIGEST,
                        Optional.empty(),
                        "unsigned",
                        LockEntries.AT));
        assertTrue(e.getMessage().startsWith("origin: holds an unpaired surrogate at index 3"), e.getMessage());
    }

    @Test
    void aLockfileRefusesAnEntryFiledUnderAnotherName() {
        TreeMap<String, LockEntry> entries = new TreeMap<>();
        entries.put("clock", path("echo"));
        assertThrows(IllegalArgumentException.class, () -> new Lockfile(Lockfile.SCHEMA_VERSION, entries));
    }

    @Test
    void aLockfileOfAnotherSchemaCannotBeBuilt() {
        assertThrows(IllegalArgumentException.class, () -> new Lockfile(2, new TreeMap<>()));
    }

    @Test
    void aLockfileCopiesItsEntriesAndCannotBeChangedThroughThem() {
        TreeMap<String, LockEntry> entries = new TreeMap<>();
        entries.put("echo", path("echo"));
        Lockfile lockfile = new Lockfile(Lockfile.SCHEMA_VERSION, entries);
        entries.put("clock", path("clock"));
        assertEquals(1, lockfile.entries().size());
        assertThrows(
                UnsupportedOperationException.class, () -> lockfile.entries().put("clock", path("clock")));
        assertEquals(Optional.empty(), lockfile.entry("clock"));
    }
}
