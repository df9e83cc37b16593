package dev.animus.store;

import static dev.animus.store.StoreFiles.chmod;
import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.octalMode;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The modes of stored code: the source's read and execute bits, never a write bit, never setuid,
 * setgid or sticky (a source with one of those is refused, see {@link TreeModeRefusalTest});
 * directories r-xr-xr-x. Checked both as Java reads them and as {@code stat} prints them.
 */
class DigestStoreModeTest {
    @TempDir
    Path temp;

    DigestStore store;

    @BeforeEach
    void newStore() {
        store = new DigestStore(temp.resolve("store"));
    }

    private static String javaMode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aSetuidExecutableIsRefusedNamingItAndNothingIsStored() throws IOException {
        Path source = executable(temp.resolve("src/tool"), "x");
        chmod("4775", source);
        assertEquals("4775", octalMode(source));

        StoreRefused e = assertThrows(StoreRefused.class, () -> store.publishFile(source, Optional.empty()));

        assertEquals(
                "refused " + source + ": it is setuid (mode 4775); a plugin's files may not be setuid, setgid,"
                        + " sticky or writable by every user (run 'chmod ug-s,-t,o-w' on it if it is yours)",
                e.getMessage());
        assertEquals(List.of(), store.digests());
    }

    @Test
    void anExecutableIsStoredReadAndExecuteOnly() throws IOException {
        Path source = executable(temp.resolve("src/tool"), "x");
        chmod("775", source);

        Stored stored = store.publishFile(source, Optional.empty());

        assertEquals("555", octalMode(stored.executable()));
        assertEquals("r-xr-xr-x", javaMode(stored.executable()));
        assertEquals("555", octalMode(stored.executable().getParent()));
    }

    @Test
    void anExecutableOnlyItsOwnerMayRunStaysThatWayWithoutTheWriteBit() throws IOException {
        Path source = write(temp.resolve("src/tool"), "x", "rwx------");

        assertEquals(
                "r-x------",
                javaMode(store.publishFile(source, Optional.empty()).executable()));
    }

    @Test
    void inATreeDataFilesBecomeReadOnlyAndSetgidAndStickyDirectoriesBecomeR_XR_XR_X() throws IOException {
        Path source = plugin(temp.resolve("src/plugin"));
        write(source.resolve("lib/private.txt"), "p", "rw-------");
        write(source.resolve("lib/shared.txt"), "s", "rw-rw-r--");
        executable(source.resolve("bin/helper"), "h");
        chmod("775", source.resolve("bin/helper"));
        chmod("3775", source.resolve("lib"));

        Stored stored = store.publishTree(source, "bin/tool", Optional.empty());
        Path dir = stored.executable().getParent().getParent();

        assertEquals("555", octalMode(dir.resolve("bin/tool")));
        assertEquals("555", octalMode(dir.resolve("bin/helper")));
        assertEquals("444", octalMode(dir.resolve("lib/data.txt")));
        assertEquals("400", octalMode(dir.resolve("lib/private.txt")));
        assertEquals("444", octalMode(dir.resolve("lib/shared.txt")));
        assertEquals("555", octalMode(dir.resolve("lib")));
        assertEquals("555", octalMode(dir.resolve("bin")));
        assertEquals("555", octalMode(dir));
    }

    @Test
    void nothingInAStoredTreeIsWritable() throws IOException {
        Path source = plugin(temp.resolve("src/plugin"));
        write(source.resolve("deep/er/still/file"), "f", "rw-rw-r--");
        chmod("775", source.resolve("deep/er"));

        Stored stored = store.publishTree(source, "bin/tool", Optional.empty());

        List<PosixFilePermission> writeBits = List.of(
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
        try (Stream<Path> all = Files.walk(store.root().resolve(stored.digest()))) {
            for (Path p : all.toList()) {
                var mode = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
                assertTrue(writeBits.stream().noneMatch(mode::contains), p + " is " + javaMode(p));
            }
        }
    }

    @Test
    void theSourceKeepsItsOwnMode() {
        Path source = executable(temp.resolve("src/tool"), "x");
        chmod("775", source);

        store.publishFile(source, Optional.empty());

        assertEquals("775", octalMode(source));
    }
}
