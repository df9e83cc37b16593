package dev.animus.store;

import static dev.animus.store.StoreFiles.chmod;
import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.partials;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.core.ArtifactShape;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A plugin tree holding a file with a setuid, setgid or sticky bit or one every user may write, or
 * a directory every user may write, has no tree digest: trusting it (hashing), installing it and
 * verifying a stored tree that has come to hold one are all refused, naming the file.
 */
class TreeModeRefusalTest {
    @TempDir
    Path temp;

    DigestStore store;

    @BeforeEach
    void newStore() {
        store = new DigestStore(temp.resolve("store"));
    }

    @Test
    void aSetuidFileInATreeIsRefusedByTheDigestAndTheInstallNamingTheFile() {
        Path source = plugin(temp.resolve("src/plugin"));
        Path helper = executable(source.resolve("bin/helper"), "#!/bin/sh\n");
        chmod("4755", helper);

        StoreRefused hashed = assertThrows(StoreRefused.class, () -> DigestStore.treeDigest(source));
        StoreRefused installed =
                assertThrows(StoreRefused.class, () -> store.publishTree(source, "bin/tool", Optional.empty()));

        String expected = "refused " + helper + ": it is setuid (mode 4755); a plugin's files may not be setuid,"
                + " setgid, sticky or writable by every user (run 'chmod ug-s,-t,o-w' on it if it is yours)";
        assertEquals(expected, hashed.getMessage());
        assertEquals(expected, installed.getMessage());
        assertEquals(List.of(), store.digests());
        assertEquals(List.of(), partials(store.root()));
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "2755 | it is setgid (mode 2755)",
                "1755 | it has the sticky bit (mode 1755)",
                "0646 | every user may write it (mode 0646)",
                "6755 | it is setuid (mode 6755)"
            })
    void everyOtherSpecialOrWorldWritableFileIsRefusedToo(String mode, String why) {
        Path source = plugin(temp.resolve("src/plugin"));
        Path data = source.resolve("lib/data.txt");
        chmod(mode, data);

        StoreRefused e = assertThrows(StoreRefused.class, () -> DigestStore.treeDigest(source));

        assertEquals(
                "refused " + data + ": " + why + "; a plugin's files may not be setuid, setgid, sticky or"
                        + " writable by every user (run 'chmod ug-s,-t,o-w' on it if it is yours)",
                e.getMessage());
    }

    @Test
    void aDirectoryEveryUserMayWriteIsRefusedNamingIt() {
        Path source = plugin(temp.resolve("src/plugin"));
        chmod("1777", source.resolve("lib"));

        StoreRefused e =
                assertThrows(StoreRefused.class, () -> store.publishTree(source, "bin/tool", Optional.empty()));

        assertEquals(
                "refused " + source + ": 'lib' is a directory and every user may write it (mode 1777); run"
                        + " 'chmod o-w' on it if it is yours",
                e.getMessage());
    }

    @Test
    void aStoredTreeWhoseFileWasMadeSetuidAfterwardsNoLongerVerifies() {
        Path source = plugin(temp.resolve("src/plugin"));
        Stored stored = store.publishTree(source, "bin/tool", Optional.empty());
        Path tool = stored.executable();
        chmod("4555", tool); // as its owner may: the store's files are the operator's

        Verification v = store.verify(stored.digest(), ArtifactShape.TREE, "bin/tool");

        Verification.Refused r = assertInstanceOf(Verification.Refused.class, v);
        assertEquals(
                "refused " + tool + ": it is setuid (mode 4555); a plugin's files may not be setuid, setgid,"
                        + " sticky or writable by every user (run 'chmod ug-s,-t,o-w' on it if it is yours)",
                r.reason());
    }

    @Test
    void aStoredFileMadeWorldWritableAfterwardsNoLongerVerifies() {
        Stored stored = store.publishFile(executable(temp.resolve("src/tool"), "#!/bin/sh\n"), Optional.empty());
        chmod("557", stored.executable());

        Verification v = store.verify(stored.digest(), ArtifactShape.FILE, "tool");

        Verification.Refused r = assertInstanceOf(Verification.Refused.class, v);
        assertEquals(
                "refused " + stored.executable() + ": every user may write it (mode 0557); a plugin's files may"
                        + " not be setuid, setgid, sticky or writable by every user (run 'chmod ug-s,-t,o-w' on it if it is"
                        + " yours)",
                r.reason());
    }

    @Test
    void theSourcesReadAndWriteBitsBeyondTheOwnersExecuteBitDoNotCount() {
        Path a = plugin(temp.resolve("a"));
        Path b = plugin(temp.resolve("b"));
        chmod("664", b.resolve("lib/data.txt"));
        chmod("500", b.resolve("bin/tool"));
        write(b.resolve("Plugin.toml"), "name = \"tool\"\nentry = \"bin/tool\"\n", "r--------");

        assertEquals(DigestStore.treeDigest(a), DigestStore.treeDigest(b));
    }
}
