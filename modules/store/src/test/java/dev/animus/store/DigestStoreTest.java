package dev.animus.store;

import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.partials;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.sha256;
import static dev.animus.store.StoreFiles.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ArtifactShape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Publishing into the digest-addressed store: where things land, under which digest, and when nothing is written. */
class DigestStoreTest {
    @TempDir
    Path temp;

    Path root;
    DigestStore store;

    @BeforeEach
    void newStore() {
        root = temp.resolve("home/store");
        store = new DigestStore(root);
    }

    @Nested
    class PublishingAFile {
        @Test
        void storesTheBytesUnderTheirSha256AndTheSourcesFileName() throws IOException {
            Path source = executable(temp.resolve("src/my-tool"), "#!/bin/sh\necho hi\n");
            String expected = sha256("#!/bin/sh\necho hi\n");

            Stored stored = store.publishFile(source, Optional.empty());

            assertEquals(
                    new Stored(
                            expected,
                            ArtifactShape.FILE,
                            "my-tool",
                            root.resolve(expected).resolve("my-tool"),
                            false),
                    stored);
            assertArrayEquals(Files.readAllBytes(source), Files.readAllBytes(stored.executable()));
            assertEquals(List.of("my-tool"), StoreVerifier.names(root.resolve(expected)));
            assertEquals(
                    new Verification.Intact(stored.executable()),
                    store.verify(expected, ArtifactShape.FILE, "my-tool"));
            assertEquals(List.of(expected), store.digests());
            assertEquals(expected, DigestStore.fileDigest(source));
            assertEquals(List.of(), partials(root));
        }

        @Test
        void createsTheRootWithMode0700() throws IOException {
            store.publishFile(executable(temp.resolve("src/tool"), "x"), Optional.empty());

            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(root)));
        }

        @Test
        void theSameBytesTwiceAreAlreadyPresentTheSecondTime() {
            Path source = executable(temp.resolve("src/tool"), "same bytes");

            Stored first = store.publishFile(source, Optional.empty());
            Stored second = store.publishFile(source, Optional.empty());

            assertFalse(first.alreadyPresent());
            assertTrue(second.alreadyPresent());
            assertEquals(first.executable(), second.executable());
            assertEquals(List.of(), partials(root));
        }

        @Test
        void theSameBytesUnderAnotherNameReturnTheNameTheyWereFirstStoredUnder() {
            Stored first = store.publishFile(executable(temp.resolve("a/first-name"), "same bytes"), Optional.empty());
            Stored second =
                    store.publishFile(executable(temp.resolve("b/second-name"), "same bytes"), Optional.empty());

            assertTrue(second.alreadyPresent());
            assertEquals("first-name", second.entry());
            assertEquals(first.executable(), second.executable());
            assertEquals(List.of("first-name"), names(root.resolve(first.digest())));
        }

        @Test
        void aMatchingExpectedDigestIsAccepted() {
            Path source = executable(temp.resolve("src/tool"), "pinned");

            Stored stored = store.publishFile(source, Optional.of(sha256("pinned")));

            assertEquals(sha256("pinned"), stored.digest());
        }

        @Test
        void anExpectedDigestThatIsNotTheCopysIsRefusedAndLeavesNoPartialDirectory() {
            Path source = executable(temp.resolve("src/tool"), "actual");
            String other = sha256("something else");

            StoreRefused e = assertThrows(StoreRefused.class, () -> store.publishFile(source, Optional.of(other)));

            assertTrue(
                    e.getMessage().contains("expected sha256 " + other + ", the copy is " + sha256("actual")),
                    e.getMessage());
            assertTrue(e.getMessage().contains(source.toString()), e.getMessage());
            assertEquals(List.of(), partials(root));
            assertEquals(List.of(), store.digests());
        }

        @Test
        void anExpectedDigestThatIsNotADigestIsAnArgumentError() {
            Path source = executable(temp.resolve("src/tool"), "x");

            assertThrows(IllegalArgumentException.class, () -> store.publishFile(source, Optional.of("ABC")));
        }
    }

    @Nested
    class PublishingATree {
        @Test
        void storesTheTreeUnderItsTreeDigestWithTheEntryInside() throws IOException {
            Path source = plugin(temp.resolve("src/plugin"));
            // the tree digest's format 2, written out by hand: header, then d/f/x records in path order
            String expected = sha256("animus-tree-v2\0\n"
                    + "f\0Plugin.toml\0" + sha256("name = \"tool\"\nentry = \"bin/tool\"\n") + "\n"
                    + "d\0bin\0\n"
                    + "x\0bin/tool\0" + sha256("#!/bin/sh\necho tool\n") + "\n"
                    + "d\0lib\0\n"
                    + "f\0lib/data.txt\0" + sha256("data\n") + "\n");

            Stored stored = store.publishTree(source, "bin/tool", Optional.empty());

            assertEquals(
                    new Stored(expected, ArtifactShape.TREE, "bin/tool", root.resolve(expected + "/bin/tool"), false),
                    stored);
            assertEquals("data\n", Files.readString(root.resolve(expected + "/lib/data.txt")));
            assertEquals(
                    new Verification.Intact(stored.executable()),
                    store.verify(expected, ArtifactShape.TREE, "bin/tool"));
            assertEquals(expected, DigestStore.treeDigest(source));
            assertEquals(List.of(), partials(root));
        }

        @Test
        void theDigestSortsPathsByStringOrderNotByDirectoryNesting() {
            // by String order "B" < "a" < "a b" < "a-b" < "a/x"; nesting first would put "a/x" before "a b" and "a-b"
            Path source = temp.resolve("src/order");
            executable(source.resolve("a/x"), "1");
            write(source.resolve("a-b"), "2", "rw-r--r--");
            write(source.resolve("a b"), "3", "rw-r--r--");
            write(source.resolve("B"), "4", "rw-r--r--");
            String byHand = sha256("animus-tree-v2\0\n" + "f\0B\0" + sha256("4") + "\n" + "d\0a\0\n"
                    + "f\0a b\0" + sha256("3") + "\n" + "f\0a-b\0" + sha256("2") + "\n"
                    + "x\0a/x\0" + sha256("1") + "\n");

            assertEquals(byHand, DigestStore.treeDigest(source));
            assertEquals(
                    byHand, store.publishTree(source, "a/x", Optional.empty()).digest());
        }

        @Test
        void theDigestOrdersByUtf16CodeUnitsAsStringCompareToDoes() {
            // U+1F600 is a surrogate pair starting 0xD83D, which sorts before U+FB01 in UTF-16 but after it in UTF-8
            String emoji = "\uD83D\uDE00";
            String ligature = "\uFB01";
            String byHand = sha256("animus-tree-v2\0\n" + "f\0" + emoji + "\0" + sha256("e") + "\n" + "x\0" + ligature
                    + "\0" + sha256("l") + "\n");

            assertEquals(
                    byHand,
                    TreeDigest.of(List.of(
                            TreeDigest.Entry.file(ligature, true, sha256("l")),
                            TreeDigest.Entry.file(emoji, false, sha256("e")))));
        }

        @Test
        void anEmptyDirectoryChangesTheDigestAndIsStored() throws IOException {
            Path plain = plugin(temp.resolve("plain"));
            Path withEmpty = plugin(temp.resolve("with-empty"));
            Files.createDirectories(withEmpty.resolve("empty/deeper"));

            assertNotEquals(DigestStore.treeDigest(plain), DigestStore.treeDigest(withEmpty));
            Stored stored = store.publishTree(withEmpty, "bin/tool", Optional.empty());
            assertEquals(DigestStore.treeDigest(withEmpty), stored.digest());
            assertTrue(Files.isDirectory(root.resolve(stored.digest() + "/empty/deeper")));
            assertEquals(
                    new Verification.Intact(stored.executable()),
                    store.verify(stored.digest(), ArtifactShape.TREE, "bin/tool"));
        }

        @Test
        void aTreeThatDiffersOnlyByAnExecuteBitHasAnotherDigestButNotByReadOrWriteBits() {
            Path plain = plugin(temp.resolve("plain"));
            Path executableData = plugin(temp.resolve("exec"));
            StoreFiles.chmod("755", executableData.resolve("lib/data.txt"));
            Path otherUmask = plugin(temp.resolve("umask"));
            StoreFiles.chmod("600", otherUmask.resolve("lib/data.txt"));
            StoreFiles.chmod("700", otherUmask.resolve("bin/tool"));

            assertNotEquals(DigestStore.treeDigest(plain), DigestStore.treeDigest(executableData));
            assertEquals(DigestStore.treeDigest(plain), DigestStore.treeDigest(otherUmask));
            Stored stored = store.publishTree(executableData, "bin/tool", Optional.empty());
            assertEquals(DigestStore.treeDigest(executableData), stored.digest(), "the stored copy keeps the bit");
            assertEquals(
                    new Verification.Intact(stored.executable()),
                    store.verify(stored.digest(), ArtifactShape.TREE, "bin/tool"));
        }

        @Test
        void theSameTreeTwiceIsAlreadyPresentEvenWithAnotherEntry() {
            Path source = plugin(temp.resolve("src/plugin"));
            executable(source.resolve("bin/other"), "#!/bin/sh\n");

            Stored first = store.publishTree(source, "bin/tool", Optional.empty());
            Stored second = store.publishTree(source, "bin/other", Optional.empty());

            assertTrue(second.alreadyPresent());
            assertEquals(first.digest(), second.digest());
            assertEquals(root.resolve(first.digest() + "/bin/other"), second.executable());
            assertEquals(List.of(), partials(root));
        }

        @Test
        void anExpectedDigestThatIsNotTheCopysIsRefusedAndLeavesNoPartialDirectory() {
            Path source = plugin(temp.resolve("src/plugin"));
            String other = sha256("other");

            StoreRefused e =
                    assertThrows(StoreRefused.class, () -> store.publishTree(source, "bin/tool", Optional.of(other)));

            assertTrue(
                    e.getMessage()
                            .contains("expected sha256 " + other + ", the copy is " + DigestStore.treeDigest(source)),
                    e.getMessage());
            assertEquals(List.of(), partials(root));
            assertEquals(List.of(), store.digests());
        }

        @Test
        void aMatchingExpectedDigestIsAccepted() {
            Path source = plugin(temp.resolve("src/plugin"));
            String digest = DigestStore.treeDigest(source);

            assertEquals(
                    digest,
                    store.publishTree(source, "bin/tool", Optional.of(digest)).digest());
        }
    }

    @Nested
    class PublishingConcurrently {
        @Test
        void eightThreadsPublishingTheSameTreeStoreItOnceAndAllGetIt() throws Exception {
            Path source = plugin(temp.resolve("src/plugin"));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Stored>> results = new ArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 8; i++) {
                    results.add(pool.submit(() -> {
                        start.await();
                        return new DigestStore(root).publishTree(source, "bin/tool", Optional.empty());
                    }));
                }
                start.countDown();
            }
            int written = 0;
            for (Future<Stored> r : results) {
                written += r.get().alreadyPresent() ? 0 : 1;
            }

            assertEquals(1, written);
            assertEquals(List.of(DigestStore.treeDigest(source)), store.digests());
            assertEquals(List.of(), partials(root));
        }
    }

    static List<String> names(Path dir) {
        try {
            return StoreVerifier.names(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
