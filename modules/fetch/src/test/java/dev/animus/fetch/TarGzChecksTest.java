package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.fetch.ArchiveRefused.Reason;
import dev.animus.fetch.TestArchives.TarEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The tar.gz reader checks the gzip trailer, every header number, pax records and names strictly. */
class TarGzChecksTest {
    private static final long CAP = 1 << 20;

    @TempDir
    Path root;

    Path into() throws IOException {
        return Files.createDirectories(root.resolve("into"));
    }

    Extracted extract(byte[] tarGz) throws IOException {
        return Archives.extract(Files.write(root.resolve("r.tar.gz"), tarGz), ArchiveKind.TAR_GZ, into(), CAP, 100);
    }

    ArchiveRefused refused(byte[] tarGz, Reason reason, String says) {
        ArchiveRefused r = assertThrows(ArchiveRefused.class, () -> extract(tarGz));
        assertEquals(reason, r.reason(), r.getMessage());
        assertTrue(r.getMessage().contains(says), r.getMessage());
        return r;
    }

    static byte[] oneFile() throws IOException {
        return TestArchives.tarGz(List.of(TarEntry.file("a", "x")));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "byte {0} from the end")
    @ValueSource(ints = {8, 1})
    void aGzipTrailerWithTheWrongCrcOrIsizeIsCorrupt(int fromEnd) throws IOException {
        byte[] gz = oneFile();
        gz[gz.length - fromEnd] ^= 1;
        refused(gz, Reason.CORRUPT, "is not a complete gzip stream");
    }

    @Test
    void whatFollowsTheEndBlocksIsCountedAgainstTheCap() throws IOException {
        byte[] tar = TestArchives.tar(List.of(TarEntry.file("a", "x")));
        refused(TestArchives.gzip(Arrays.copyOf(tar, tar.length + (2 << 20))), Reason.TOO_LARGE, "the cap");
    }

    @Test
    void everyByteOfTheTarCountsPaddingIncluded() throws IOException {
        byte[] tar = TestArchives.tar(List.of(TarEntry.file("a", "x")));
        assertEquals(tar.length, extract(TestArchives.gzip(tar)).inflatedBytes());
    }

    @Test
    void aPaxSizeOverridesTheHeadersSize() throws IOException {
        byte[] pax = bytes(TestArchives.pax("size", "5"));
        extract(TestArchives.tarGzOf(
                TestArchives.header("pax", 'x', 0644, pax.length),
                pax,
                TestArchives.header("a", '0', 0644, 0),
                bytes("hello")));
        assertEquals("hello", Files.readString(into().resolve("a")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-5", "5x", "", "+5"})
    void aMalformedPaxSizeIsCorrupt(String size) throws IOException {
        refused(
                TestArchives.tarGz(List.of(
                        new TarEntry("pax", 'x', 0644, bytes(TestArchives.pax("size", size))),
                        TarEntry.file("a", "x"))),
                Reason.CORRUPT,
                "has a malformed pax size");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10 path=ab", "13 pathvalue\n"})
    void aPaxRecordWithoutItsNewlineOrEqualsSignIsCorrupt(String record) throws IOException {
        ArchiveRefused r = assertThrows(
                ArchiveRefused.class,
                () -> extract(TestArchives.tarGz(
                        List.of(new TarEntry("pax", 'x', 0644, bytes(record)), TarEntry.file("a", "x")))));
        assertEquals(Reason.CORRUPT, r.reason(), r.getMessage());
        assertTrue(r.getMessage().matches(".*has a (malformed pax record|pax record without '=').*"), r.getMessage());
    }

    @Test
    void namesThatAreNotUtf8AreBadNames() throws IOException {
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        byte[] header = TestArchives.header("", '0', 0644, 0);
        System.arraycopy(latin1, 0, header, 0, latin1.length);
        assertEquals(
                "caf\ufffd",
                refused(TestArchives.tarGzOf(TestArchives.withChecksum(header)), Reason.BAD_NAME, "is not valid UTF-8")
                        .entry());
        Files.delete(into());
        byte[] pax = Arrays.copyOf(bytes(TestArchives.pax("path", "cafX")), 13);
        pax[11] = (byte) 0xe9;
        refused(
                TestArchives.tarGz(List.of(new TarEntry("pax", 'x', 0644, pax), TarEntry.file("a", "x"))),
                Reason.BAD_NAME,
                "is not valid UTF-8");
    }

    @Test
    void numbersWithASignOrTrailingJunkAreCorrupt() throws IOException {
        byte[] size = TestArchives.header("a", '0', 0644, 0);
        System.arraycopy(bytes("+0000000001\0"), 0, size, 124, 12);
        refused(
                TestArchives.tarGzOf(TestArchives.withChecksum(size), bytes("x")),
                Reason.CORRUPT,
                "has a malformed size field");
        Files.delete(into());
        byte[] mode = TestArchives.header("a", '0', 0644, 1);
        System.arraycopy(bytes("0644\0xx\0"), 0, mode, 100, 8);
        refused(
                TestArchives.tarGzOf(TestArchives.withChecksum(mode), bytes("x")),
                Reason.CORRUPT,
                "has a malformed mode field");
    }

    @Test
    void aNegativeBase256NumberIsCorrupt() throws IOException {
        byte[] h = TestArchives.header("a", '0', 0644, 1);
        Arrays.fill(h, 100, 108, (byte) 0xff);
        refused(TestArchives.tarGzOf(TestArchives.withChecksum(h), bytes("x")), Reason.CORRUPT, "has a negative mode");
    }

    @Test
    void aGnuHeaderHasNoPrefixField() throws IOException {
        byte[] h = TestArchives.header("a", '0', 0644, 1);
        System.arraycopy(bytes("ustar  \0"), 0, h, 257, 8);
        System.arraycopy(bytes("junk"), 0, h, 345, 4); // GNU keeps its atime here
        assertEquals(
                List.of("a"),
                extract(TestArchives.tarGzOf(TestArchives.withChecksum(h), bytes("x")))
                        .files());
    }

    @Test
    void aGnuLongLinkNameIsSkippedSoTheLinkAfterItIsRefusedAsALink() throws IOException {
        refused(
                TestArchives.tarGz(List.of(
                        new TarEntry("././@LongLink", 'K', 0644, bytes("t".repeat(200) + "\0")),
                        TarEntry.of("link", '2'))),
                Reason.LINK,
                "is a link");
    }

    @Test
    void aRegularFileWhoseNameEndsWithASlashIsABadName() throws IOException {
        refused(TestArchives.tarGz(List.of(TarEntry.file("bin/tool/", "x"))), Reason.BAD_NAME, "ends with '/'");
    }
}
