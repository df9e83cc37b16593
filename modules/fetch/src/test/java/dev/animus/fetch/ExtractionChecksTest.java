package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.fetch.ArchiveRefused.Reason;
import dev.animus.fetch.TestArchives.TarEntry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules every entry passes whatever the format, and the arguments of {@link Archives#extract}. */
class ExtractionChecksTest {
    private static final long CAP = 1 << 20;

    @TempDir
    Path root;

    Path into() throws IOException {
        return Files.createDirectories(root.resolve("into"));
    }

    ArchiveRefused refused(List<TarEntry> entries, int maxEntries, Reason reason) throws IOException {
        Path archive = Files.write(root.resolve("r.tar.gz"), TestArchives.tarGz(entries));
        ArchiveRefused r = assertThrows(
                ArchiveRefused.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, into(), CAP, maxEntries));
        assertEquals(reason, r.reason(), r.getMessage());
        return r;
    }

    @Test
    void aC1ControlCharacterIsABadName() throws IOException {
        refused(List.of(TarEntry.file("next\u0085line", "x")), 10, Reason.BAD_NAME);
    }

    @Test
    void aDriveLetterIsAnAbsolutePath() throws IOException {
        refused(List.of(TarEntry.file("C:/Windows/x", "x")), 10, Reason.ABSOLUTE_PATH);
    }

    @Test
    void aDirectoryTwiceIsADuplicate() throws IOException {
        refused(List.of(TarEntry.of("lib/", '5'), TarEntry.of("./lib", '5')), 10, Reason.DUPLICATE);
    }

    @Test
    void everyEntryCountsTowardsTheCapTheArchivesOwnDirectoryToo() throws IOException {
        refused(Collections.nCopies(11, TarEntry.of("./", '5')), 10, Reason.TOO_MANY_ENTRIES);
    }

    @Test
    void aFileIsPrivateUntilItIsComplete() throws IOException {
        Path into = into();
        ExtractionTarget target = new ExtractionTarget(into, "r.tar.gz", CAP, 10);
        String[] modeWhileWriting = new String[1];
        InputStream body = new ChunkedInput() {
            private boolean given;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                modeWhileWriting[0] =
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(into.resolve("tool")));
                if (given) {
                    return -1;
                }
                given = true;
                b[off] = 'x';
                return 1;
            }
        };
        target.file("tool", true, body);
        assertEquals("rw-------", modeWhileWriting[0]);
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(into.resolve("tool"))));
    }

    @Test
    void theModeIsNeverSetThroughALinkThatReplacedTheFile() throws IOException {
        Path into = into();
        Path victim = Files.writeString(root.resolve("victim"), "untouched");
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rw-------"));
        ExtractionTarget target = new ExtractionTarget(into, "r.tar.gz", CAP, 10);
        InputStream swapping = new ChunkedInput() {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                Files.delete(into.resolve("tool"));
                Files.createSymbolicLink(into.resolve("tool"), victim);
                return -1;
            }
        };
        ArchiveRefused r = assertThrows(ArchiveRefused.class, () -> target.file("tool", true, swapping));
        assertEquals(Reason.OUTSIDE_TARGET, r.reason());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(victim)));
    }

    @Test
    void theCapsMustBePositiveAndTheDirectoryAnEmptyOneNotALink() throws IOException {
        Path archive = Files.write(root.resolve("r.tar.gz"), TestArchives.tarGz(List.of(TarEntry.file("a", "x"))));
        Path into = into();
        assertThrows(IllegalArgumentException.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, into, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, into, CAP, 0));
        Path link = Files.createSymbolicLink(root.resolve("link"), into);
        assertThrows(
                IllegalArgumentException.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, link, CAP, 10));
        assertThrows(
                IllegalArgumentException.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, archive, CAP, 10));
        Files.writeString(into.resolve("already"), "here");
        assertThrows(
                IllegalArgumentException.class, () -> Archives.extract(archive, ArchiveKind.TAR_GZ, into, CAP, 10));
        assertTrue(Files.notExists(into.resolve("a")));
        Files.delete(into.resolve("already"));
        assertEquals(
                List.of("a"),
                Archives.extract(archive, ArchiveKind.TAR_GZ, into, CAP, 10).files());
    }
}
