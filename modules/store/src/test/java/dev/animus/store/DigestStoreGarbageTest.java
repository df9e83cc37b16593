package dev.animus.store;

import static dev.animus.store.StoreFiles.chmod;
import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.partials;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.sha256;
import static dev.animus.store.StoreFiles.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ArtifactShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Listing, removing and collecting: read-only entries go, referenced ones and what is not the store's stay. */
class DigestStoreGarbageTest {
    @TempDir
    Path temp;

    Path root;
    DigestStore store;
    Stored tool;
    Stored other;
    Stored tree;

    @BeforeEach
    void threePublished() {
        root = temp.resolve("store");
        store = new DigestStore(root);
        tool = store.publishFile(executable(temp.resolve("src/tool"), "tool"), Optional.empty());
        other = store.publishFile(executable(temp.resolve("src/other"), "other"), Optional.empty());
        tree = store.publishTree(plugin(temp.resolve("src/plugin")), "bin/tool", Optional.empty());
    }

    /** A partial directory left by a publication that died halfway: sealed, read-only content. */
    private Path leftoverPartial(String name) {
        Path partial = root.resolve(name);
        write(partial.resolve("bin/tool"), "half", "r-xr-xr-x");
        chmod("555", partial.resolve("bin"));
        chmod("555", partial);
        return partial;
    }

    @Nested
    class Listing {
        @Test
        void digestsAreSortedAndIgnorePartialsTheLockFileAndOtherNames() throws IOException {
            leftoverPartial(".partial-1234");
            Files.createDirectories(root.resolve("not-a-digest"));

            assertEquals(
                    Stream.of(tool, other, tree).map(Stored::digest).sorted().toList(), store.digests());
            assertTrue(Files.exists(root.resolve(".store.lock")), "the lock file is there, and not listed");
        }

        @Test
        void anAbsentStoreHasNoDigestsAndIsNotCreated() {
            DigestStore absent = new DigestStore(temp.resolve("nowhere"));

            assertEquals(List.of(), absent.digests());
            assertEquals(List.of(), absent.collectGarbage(Set.of()));
            absent.remove(sha256("x"));
            assertFalse(Files.exists(temp.resolve("nowhere")));
        }
    }

    @Nested
    class Removing {
        @Test
        void removesAReadOnlyTree() {
            store.remove(tree.digest());

            assertFalse(Files.exists(root.resolve(tree.digest())));
            assertEquals(new Verification.Missing(), store.verify(tree.digest(), ArtifactShape.TREE, "bin/tool"));
            assertEquals(Stream.of(tool, other).map(Stored::digest).sorted().toList(), store.digests());
        }

        @Test
        void anAbsentDigestIsANoOp() {
            store.remove(sha256("never published"));

            assertEquals(3, store.digests().size());
        }

        @Test
        void aDigestThatIsNotOneIsAnArgumentErrorAndRemovesNothing() {
            assertThrows(IllegalArgumentException.class, () -> store.remove(".."));
            assertThrows(IllegalArgumentException.class, () -> store.remove(".partial-x"));

            assertEquals(3, store.digests().size());
        }

        @Test
        void aDigestThatIsASymbolicLinkRemovesTheLinkNotWhatItPointsTo() throws IOException {
            Path target = plugin(temp.resolve("precious"));
            String digest = sha256("planted");
            Files.createSymbolicLink(root.resolve(digest), target);

            store.remove(digest);

            assertFalse(Files.exists(root.resolve(digest)));
            assertTrue(Files.exists(target.resolve("bin/tool")));
        }
    }

    @Nested
    class CollectingGarbage {
        @Test
        void keepsTheReferencedAndRemovesAndReturnsTheOthersSorted() {
            List<String> removed = store.collectGarbage(Set.of(tool.digest()));

            assertEquals(Stream.of(other, tree).map(Stored::digest).sorted().toList(), removed);
            assertEquals(List.of(tool.digest()), store.digests());
            assertEquals(
                    new Verification.Intact(tool.executable()),
                    store.verify(tool.digest(), ArtifactShape.FILE, "tool"));
        }

        @Test
        void removesLeftoverPartialDirectoriesButNotTheLockFileOrForeignNames() throws IOException {
            leftoverPartial(".partial-" + UUID.randomUUID());
            leftoverPartial(".partial-old");
            Files.createDirectories(root.resolve("not-a-digest"));

            List<String> removed = store.collectGarbage(Set.of(tool.digest(), other.digest(), tree.digest()));

            assertEquals(List.of(), removed);
            assertEquals(List.of(), partials(root));
            assertEquals(3, store.digests().size());
            assertTrue(Files.exists(root.resolve(".store.lock")));
            assertTrue(Files.isDirectory(root.resolve("not-a-digest")));
        }

        @Test
        void referencingNothingEmptiesTheStore() {
            assertEquals(3, store.collectGarbage(Set.of()).size());

            assertEquals(List.of(), store.digests());
        }

        @Test
        void aCollectedDigestCanBePublishedAgain() {
            store.collectGarbage(Set.of());

            Stored again = store.publishTree(temp.resolve("src/plugin"), "bin/tool", Optional.empty());

            assertFalse(again.alreadyPresent());
            assertEquals(tree.digest(), again.digest());
        }
    }
}
