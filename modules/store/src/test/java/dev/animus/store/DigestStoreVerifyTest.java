package dev.animus.store;

import static dev.animus.store.StoreFiles.chmod;
import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.mkfifo;
import static dev.animus.store.StoreFiles.partials;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ArtifactShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Re-hashing before a launch: what was published verifies intact, and every way of changing it
 * afterwards (as the owner of the store could: chmod u+w, then write) is a value, never an exception.
 */
class DigestStoreVerifyTest {
    @TempDir
    Path temp;

    DigestStore store;

    @BeforeEach
    void newStore() {
        store = new DigestStore(temp.resolve("store"));
    }

    private static Verification.Refused refused(Verification v) {
        Verification.Refused r = assertInstanceOf(Verification.Refused.class, v);
        assertFalse(r.reason().contains("\n"), "one line: " + r.reason());
        return r;
    }

    @Nested
    class AStoredFile {
        Stored stored;

        @BeforeEach
        void publish() {
            stored = store.publishFile(executable(temp.resolve("src/tool"), "#!/bin/sh\necho v1\n"), Optional.empty());
        }

        private Verification verify() {
            return store.verify(stored.digest(), ArtifactShape.FILE, "tool");
        }

        @Test
        void editedAfterPublishingIsChangedWithTheActualDigest() throws IOException {
            chmod("u+w", stored.executable());
            Files.writeString(stored.executable(), "#!/bin/sh\necho evil\n");

            assertEquals(new Verification.Changed(sha256("#!/bin/sh\necho evil\n")), verify());
        }

        @Test
        void deletedIsMissing() throws IOException {
            chmod("u+w", stored.executable().getParent());
            Files.delete(stored.executable());

            assertEquals(new Verification.Missing(), verify());
        }

        @Test
        void whoseDirectoryIsGoneIsMissing() {
            store.remove(stored.digest());

            assertEquals(new Verification.Missing(), verify());
        }

        @Test
        void replacedByASymbolicLinkToTheSameBytesIsRefused() throws IOException {
            Path copy = executable(temp.resolve("elsewhere/tool"), "#!/bin/sh\necho v1\n");
            chmod("u+w", stored.executable().getParent());
            Files.delete(stored.executable());
            Files.createSymbolicLink(stored.executable(), copy);

            assertTrue(refused(verify()).reason().contains("it is a symbolic link, not a regular file"));
        }

        @Test
        @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void replacedByAFifoIsRefusedWithoutBlocking() throws IOException {
            chmod("u+w", stored.executable().getParent());
            Files.delete(stored.executable());
            mkfifo(stored.executable());

            assertTrue(refused(verify()).reason().contains("it is a special file"));
        }

        @Test
        void withAnExtraFilePlantedBesideItIsRefusedNamingIt() throws IOException {
            chmod("u+w", stored.executable().getParent());
            Files.writeString(stored.executable().resolveSibling("libevil.so"), "x");

            assertTrue(refused(verify()).reason().contains("'libevil.so' is there besides 'tool'"));
        }

        @Test
        void whoseDigestDirectoryIsASymbolicLinkIsRefused() throws IOException {
            Path dir = stored.executable().getParent();
            Path moved = Files.move(dir, temp.resolve("moved"));
            Files.createSymbolicLink(dir, moved);

            assertTrue(refused(verify()).reason().contains("it is a symbolic link, not a directory"));
        }

        @Test
        void thatIsNoLongerExecutableIsRefused() {
            chmod("a-x", stored.executable());

            assertTrue(refused(verify()).reason().contains("not executable"));
        }

        @Test
        void askedForUnderAnotherNameIsNotIntact() {
            assertTrue(refused(store.verify(stored.digest(), ArtifactShape.FILE, "other"))
                    .reason()
                    .contains("'tool' is there besides 'other'"));
        }

        @Test
        void askedForAsATreeIsNotIntact() {
            assertInstanceOf(Verification.Changed.class, store.verify(stored.digest(), ArtifactShape.TREE, "tool"));
        }

        @Test
        void republishedAfterTamperingIsReplacedAndIntactAgain() throws IOException {
            chmod("u+w", stored.executable());
            Files.writeString(stored.executable(), "tampered");

            Stored again = store.publishFile(temp.resolve("src/tool"), Optional.empty());

            assertFalse(again.alreadyPresent());
            assertEquals(new Verification.Intact(stored.executable()), verify());
            assertEquals(List.of(), partials(store.root()));
        }
    }

    @Nested
    class AStoredTree {
        Stored stored;
        Path dir;

        @BeforeEach
        void publish() {
            stored = store.publishTree(plugin(temp.resolve("src/plugin")), "bin/tool", Optional.empty());
            dir = store.root().resolve(stored.digest());
        }

        private Verification verify() {
            return store.verify(stored.digest(), ArtifactShape.TREE, "bin/tool");
        }

        @Test
        void isIntactWithTheEntryAsItsExecutable() {
            assertEquals(new Verification.Intact(dir.resolve("bin/tool")), verify());
        }

        @Test
        void withADataFileEditedIsChangedWithTheActualTreeDigest() throws IOException {
            chmod("u+w", dir.resolve("lib/data.txt"));
            Files.writeString(dir.resolve("lib/data.txt"), "edited\n");

            assertEquals(new Verification.Changed(DigestStore.treeDigest(dir)), verify());
        }

        @Test
        void withAnExtraRegularFilePlantedIsChanged() throws IOException {
            chmod("u+w", dir.resolve("lib"));
            Files.writeString(dir.resolve("lib/extra.so"), "x");

            assertEquals(new Verification.Changed(DigestStore.treeDigest(dir)), verify());
        }

        @Test
        void withASymbolicLinkPlantedIsRefusedNamingItsRelativePath() throws IOException {
            chmod("u+w", dir.resolve("lib"));
            Files.createSymbolicLink(dir.resolve("lib/evil"), Path.of("/bin/sh"));

            assertTrue(refused(verify()).reason().contains("'lib/evil' is a symbolic link"));
        }

        @Test
        @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void withAFifoPlantedIsRefusedWithoutBlocking() {
            chmod("u+w", dir);
            mkfifo(dir.resolve("pipe"));

            assertTrue(refused(verify()).reason().contains("'pipe' is a special file"));
        }

        @Test
        void whoseEntryIsReplacedByASymbolicLinkIsRefused() throws IOException {
            chmod("u+w", dir.resolve("bin"));
            Files.delete(dir.resolve("bin/tool"));
            Files.createSymbolicLink(dir.resolve("bin/tool"), temp.resolve("src/plugin/bin/tool"));

            assertTrue(refused(verify()).reason().contains("'bin/tool' is a symbolic link"));
        }

        @Test
        void whoseEntryIsDeletedIsMissing() throws IOException {
            chmod("u+w", dir.resolve("bin"));
            Files.delete(dir.resolve("bin/tool"));

            assertEquals(new Verification.Missing(), verify());
        }

        @Test
        void askedForWithAnEntryThatIsADirectoryIsRefused() {
            assertTrue(refused(store.verify(stored.digest(), ArtifactShape.TREE, "bin"))
                    .reason()
                    .contains("it is a directory, not a regular file"));
        }

        @Test
        void askedForAsAFileIsNotIntact() {
            assertInstanceOf(Verification.Refused.class, store.verify(stored.digest(), ArtifactShape.FILE, "bin/tool"));
        }

        @Test
        void republishedAfterTamperingIsReplacedAndIntactAgain() throws IOException {
            chmod("u+w", dir.resolve("lib"));
            Files.createSymbolicLink(dir.resolve("lib/evil"), Path.of("/bin/sh"));

            Stored again = store.publishTree(temp.resolve("src/plugin"), "bin/tool", Optional.empty());

            assertFalse(again.alreadyPresent());
            assertEquals(new Verification.Intact(dir.resolve("bin/tool")), verify());
            assertEquals(List.of(), partials(store.root()));
        }
    }

    @Nested
    class AskingWithoutAValidDigestOrEntry {
        @Test
        void aDigestThatIsNotOneIsRefusedNotThrown() {
            assertTrue(refused(store.verify("../../etc", ArtifactShape.TREE, "passwd"))
                    .reason()
                    .contains("is not a SHA-256 digest"));
        }

        @Test
        void anEntryThatLeavesTheTreeIsRefusedNotThrown() {
            assertTrue(refused(store.verify(sha256("x"), ArtifactShape.TREE, "../x"))
                    .reason()
                    .contains("has a '..' segment"));
        }

        @Test
        void aDigestThatWasNeverPublishedIsMissing() {
            assertEquals(new Verification.Missing(), store.verify(sha256("never"), ArtifactShape.FILE, "tool"));
        }
    }
}
