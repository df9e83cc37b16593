package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.fetch.ArchiveRefused.Reason;
import dev.animus.fetch.ZipBytes.Entry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The zip reader checks each entry's data, local header and the directory's structure against each other. */
class ZipChecksTest {
    private static final long CAP = 1 << 20;

    @TempDir
    Path root;

    Path into() throws IOException {
        return Files.createDirectories(root.resolve("into"));
    }

    Extracted extract(ZipBytes zip, int maxEntries) throws IOException {
        return Archives.extract(
                Files.write(root.resolve("r.zip"), zip.bytes()), ArchiveKind.ZIP, into(), CAP, maxEntries);
    }

    ArchiveRefused refused(ZipBytes zip, Reason reason, String says) throws IOException {
        ArchiveRefused r = assertThrows(ArchiveRefused.class, () -> extract(zip, 100));
        assertEquals(reason, r.reason(), r.getMessage());
        assertTrue(r.getMessage().contains(says), r.getMessage());
        return r;
    }

    List<String> written() throws IOException {
        try (Stream<Path> s = Files.walk(into())) {
            return s.filter(p -> !p.equals(root.resolve("into")))
                    .map(p -> root.resolve("into").relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }

    private static final String TEXT = "some text that compresses well. ".repeat(40);

    @Test
    void aWrongCrcIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.crc ^= 1;
                    e.localCrc ^= 1;
                    return e;
                })),
                Reason.CORRUPT,
                "fails its CRC-32 check");
    }

    @Test
    void aDeclaredSizeLargerThanTheDataIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", "x").with(e -> {
                    e.size = e.localSize = 2;
                    return e;
                })),
                Reason.CORRUPT,
                "inflates to 1 bytes, not its declared 2");
    }

    @Test
    void dataBeyondTheDeclaredSizeIsCutThere() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", "0".repeat(200_000)).with(e -> {
                    e.size = e.localSize = 1000;
                    return e;
                })),
                Reason.CORRUPT,
                "inflates to more than its declared 1000 bytes");
        assertTrue(Files.size(into().resolve("a")) <= 1000);
    }

    @Test
    void aStoredEntryWithTwoDifferentSizesIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "xy").with(e -> {
                    e.size = e.localSize = 1;
                    return e;
                })),
                Reason.CORRUPT,
                "is stored but declares different compressed and inflated sizes");
    }

    @Test
    void bytesAfterTheDeflateDataAreCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.payload = Arrays.copyOf(e.payload, e.payload.length + 7);
                    e.compressed = e.localCompressed = e.payload.length;
                    return e;
                })),
                Reason.CORRUPT,
                "has 7 bytes after its compressed data");
    }

    @Test
    void aLocalHeaderWithAnotherNameIsCorruptAndNothingIsWritten() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("innocent", "x").with(e -> {
                    e.localName = "../evil".getBytes(StandardCharsets.UTF_8);
                    return e;
                })),
                Reason.CORRUPT,
                "has a local header with another name");
        assertEquals(List.of(), written());
    }

    @Test
    void aLocalHeaderWithAnotherMethodIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.localMethod = 0;
                    return e;
                })),
                Reason.CORRUPT,
                "has a local header with another compression method");
    }

    @Test
    void aLocalHeaderWithOtherSizesOrCrcIsCorruptUnlessTheyAreLeftToADataDescriptor() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.localSize = 1;
                    return e;
                })),
                Reason.CORRUPT,
                "has a local header whose CRC-32 or sizes differ from the directory's");
        Files.delete(into());
        refused(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.localCrc = 0;
                    return e;
                })),
                Reason.CORRUPT,
                "differ from the directory's");
        Files.delete(into());
        Extracted ok = extract(
                ZipBytes.of(ZipBytes.deflated("a", TEXT).with(e -> {
                    e.localFlags |= 0x08;
                    e.localCrc = e.localCompressed = e.localSize = 0;
                    return e;
                })),
                10);
        assertEquals(List.of("a"), ok.files());
    }

    @Test
    void dataRunningIntoTheCentralDirectoryIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x").with(e -> {
                    e.compressed = e.localCompressed = e.size = e.localSize = 40;
                    return e;
                })),
                Reason.CORRUPT,
                "has data that runs into the central directory");
    }

    @Test
    void declaredSizesOverTheCapAreRefusedBeforeAnythingIsWritten() throws IOException {
        refused(
                ZipBytes.of(
                        ZipBytes.stored("a", "first"),
                        ZipBytes.deflated("b", "x").with(e -> {
                            e.size = e.localSize = CAP;
                            return e;
                        })),
                Reason.TOO_LARGE,
                "declares 1048581 inflated bytes");
        assertEquals(List.of(), written());
    }

    @Test
    void moreEntriesThanTheCapAreRefusedBeforeAnythingIsWritten() throws IOException {
        List<Entry> many = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            many.add(ZipBytes.stored("f" + i, "x"));
        }
        ArchiveRefused r =
                assertThrows(ArchiveRefused.class, () -> extract(ZipBytes.of(many.toArray(Entry[]::new)), 10));
        assertEquals(Reason.TOO_MANY_ENTRIES, r.reason());
        assertEquals(List.of(), written());
    }

    @Test
    void anEntryLeftOutOfTheEndRecordsCountIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x"), ZipBytes.stored("hidden", "y"))
                        .with(z -> {
                            z.count = 1;
                            return z;
                        }),
                Reason.CORRUPT,
                "whose 1 entries take");
    }

    @Test
    void aCentralDirectoryRunningIntoTheEndRecordIsCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x")).with(z -> {
                    z.cdSizeDelta = 5;
                    return z;
                }),
                Reason.CORRUPT,
                "has a central directory that runs into its end record");
    }

    @Test
    void bytesAfterTheEndRecordAreCorrupt() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x")).with(z -> {
                    z.trailing = new byte[10];
                    return z;
                }),
                Reason.CORRUPT,
                "has no end-of-central-directory record that ends the file");
    }

    @Test
    void anotherDiskIsNotSupported() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x")).with(z -> {
                    z.disk = 1;
                    return z;
                }),
                Reason.CORRUPT,
                "spans several disks");
        Files.delete(into());
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x").with(e -> {
                    e.diskStart = 1;
                    return e;
                })),
                Reason.CORRUPT,
                "needs zip64 or another disk");
    }

    @Test
    void aZip64LocatorIsNotSupported() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x")).with(z -> {
                    z.zip64Locator = true;
                    return z;
                }),
                Reason.CORRUPT,
                "uses zip64");
    }

    @Test
    void strongEncryptionAndEncryptedDirectoriesAreRefused() throws IOException {
        refused(
                ZipBytes.of(ZipBytes.stored("a", "x").with(e -> {
                    e.flags |= 0x40;
                    return e;
                })),
                Reason.CORRUPT,
                "is encrypted");
        Files.delete(into());
        refused(
                ZipBytes.of(ZipBytes.stored("d/", "").with(e -> {
                    e.flags |= 0x1;
                    e.mode = 040755;
                    return e;
                })),
                Reason.CORRUPT,
                "is encrypted");
    }

    @Test
    void aNameThatIsNotUtf8IsABadName() throws IOException {
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        ArchiveRefused r = refused(
                ZipBytes.of(ZipBytes.stored("x", "x").with(e -> {
                    e.name = e.localName = latin1;
                    return e;
                })),
                Reason.BAD_NAME,
                "is not valid UTF-8");
        assertEquals("caf\ufffd", r.entry());
    }
}
