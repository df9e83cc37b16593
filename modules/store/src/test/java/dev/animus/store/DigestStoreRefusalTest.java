package dev.animus.store;

import static dev.animus.store.StoreFiles.executable;
import static dev.animus.store.StoreFiles.mkfifo;
import static dev.animus.store.StoreFiles.partials;
import static dev.animus.store.StoreFiles.plugin;
import static dev.animus.store.StoreFiles.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the store refuses to copy (docs/security.md#the-digest-addressed-store): links and special
 * files are refused, never skipped or followed, and an entry must be in normal form. Nothing is
 * left behind by a refusal. A FIFO that were opened would block, so those tests run with a timeout
 * on a separate thread.
 */
class DigestStoreRefusalTest {
    @TempDir
    Path temp;

    Path root;
    DigestStore store;

    @BeforeEach
    void newStore() {
        root = temp.resolve("store");
        store = new DigestStore(root);
    }

    private StoreRefused refusedTree(Path source, String entry) {
        StoreRefused e = assertThrows(StoreRefused.class, () -> store.publishTree(source, entry, Optional.empty()));
        assertEquals(List.of(), partials(root), "a refused publication leaves no partial directory");
        assertEquals(List.of(), store.digests());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    @Nested
    class InASourceTree {
        @Test
        void aSymbolicLinkAnywhereIsRefusedByItsRelativePathNotSkipped() throws IOException {
            Path source = plugin(temp.resolve("plugin"));
            Files.createSymbolicLink(source.resolve("lib/link"), source.resolve("lib/data.txt"));

            StoreRefused e = refusedTree(source, "bin/tool");

            assertTrue(e.getMessage().contains("'lib/link' is a symbolic link"), e.getMessage());
            assertThrows(StoreRefused.class, () -> DigestStore.treeDigest(source));
        }

        @Test
        void aSymbolicLinkToADirectoryIsRefusedNotFollowed() throws IOException {
            Path source = plugin(temp.resolve("plugin"));
            Files.createSymbolicLink(source.resolve("more"), temp.resolve("elsewhere"));
            Files.createDirectories(temp.resolve("elsewhere"));

            assertTrue(refusedTree(source, "bin/tool").getMessage().contains("'more' is a symbolic link"));
        }

        @Test
        void aDanglingSymbolicLinkIsRefused() throws IOException {
            Path source = plugin(temp.resolve("plugin"));
            Files.createSymbolicLink(source.resolve("dangling"), temp.resolve("nothing-here"));

            assertTrue(refusedTree(source, "bin/tool").getMessage().contains("'dangling' is a symbolic link"));
        }

        @Test
        @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void aFifoIsRefusedByItsRelativePathWithoutBeingOpened() {
            Path source = plugin(temp.resolve("plugin"));
            mkfifo(source.resolve("lib/pipe"));

            StoreRefused e = refusedTree(source, "bin/tool");

            assertTrue(e.getMessage().contains("'lib/pipe' is a special file"), e.getMessage());
        }

        @Test
        void aSymbolicLinkAsTheEntryIsRefused() throws IOException {
            Path source = plugin(temp.resolve("plugin"));
            Files.createSymbolicLink(source.resolve("bin/run"), source.resolve("bin/tool"));

            assertTrue(refusedTree(source, "bin/run").getMessage().contains("'bin/run' is a symbolic link"));
        }

        @Test
        void aSourceDirectoryThatIsItselfASymbolicLinkIsRefused() throws IOException {
            Path real = plugin(temp.resolve("plugin"));
            Path link = Files.createSymbolicLink(temp.resolve("link-to-plugin"), real);

            assertTrue(refusedTree(link, "bin/tool").getMessage().contains("is a symbolic link, not a directory"));
        }
    }

    @Nested
    class AnEntry {
        @ParameterizedTest(name = "[{index}] \"{0}\"")
        @ValueSource(
                strings = {
                    "../x",
                    "/abs",
                    "/bin/tool",
                    "a//b",
                    "bin//tool",
                    "./a",
                    "./bin/tool",
                    "bin/./tool",
                    "bin/../bin/tool",
                    "bin/",
                    "a\\b",
                    "bin\\tool",
                    "",
                    "bin/to\u0007ol",
                    "bin/tool\n",
                    "C:tool",
                    "..",
                    "."
                })
        void thatIsNotInNormalFormIsRefusedNotNormalised(String entry) {
            Path source = plugin(temp.resolve("plugin"));
            executable(source.resolve("a/b"), "x");
            executable(source.resolve("a/x"), "x");

            StoreRefused e = refusedTree(source, entry);

            assertTrue(e.getMessage().startsWith("refused the entry '"), e.getMessage());
        }

        @Test
        void thatNamesNoFileInTheTreeIsRefused() {
            Path source = plugin(temp.resolve("plugin"));

            assertTrue(refusedTree(source, "bin/missing").getMessage().contains("there is no such file"));
        }

        @Test
        void thatNamesADirectoryIsRefused() {
            Path source = plugin(temp.resolve("plugin"));

            assertTrue(refusedTree(source, "bin").getMessage().contains("it is a directory, not a regular file"));
        }

        @Test
        void thatGoesThroughAFileIsRefused() {
            Path source = plugin(temp.resolve("plugin"));

            assertTrue(refusedTree(source, "lib/data.txt/x").getMessage().contains("there is no such file"));
        }

        @Test
        void thatIsNotExecutableIsRefused() {
            Path source = plugin(temp.resolve("plugin"));

            assertTrue(refusedTree(source, "lib/data.txt").getMessage().contains("it is not executable"));
        }

        @Test
        void inNormalFormDeepInsideIsAccepted() {
            Path source = plugin(temp.resolve("plugin"));
            executable(source.resolve("a/b c/d.e/run-me"), "x");

            assertEquals(
                    "a/b c/d.e/run-me",
                    store.publishTree(source, "a/b c/d.e/run-me", Optional.empty())
                            .entry());
        }
    }

    @Nested
    class AsASingleFile {
        private StoreRefused refusedFile(Path source) {
            StoreRefused e = assertThrows(StoreRefused.class, () -> store.publishFile(source, Optional.empty()));
            assertEquals(List.of(), partials(root));
            assertEquals(List.of(), store.digests());
            return e;
        }

        @Test
        void aSymbolicLinkToAnExecutableIsRefusedNotFollowed() throws IOException {
            Path real = executable(temp.resolve("real-tool"), "x");
            Path link = Files.createSymbolicLink(temp.resolve("tool"), real);

            assertTrue(refusedFile(link).getMessage().contains("it is a symbolic link, not a regular file"));
            assertThrows(StoreRefused.class, () -> DigestStore.fileDigest(link));
        }

        @Test
        @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void aFifoIsRefusedWithoutBeingOpened() {
            Path fifo = mkfifo(temp.resolve("tool"));

            assertTrue(refusedFile(fifo).getMessage().contains("it is a special file"));
            assertThrows(StoreRefused.class, () -> DigestStore.fileDigest(fifo));
        }

        @Test
        void aDirectoryIsRefused() {
            Path dir = plugin(temp.resolve("plugin"));

            assertTrue(refusedFile(dir).getMessage().contains("it is a directory, not a regular file"));
        }

        @Test
        void aFileThatIsNotExecutableIsRefused() {
            Path data = write(temp.resolve("data.txt"), "x", "rw-r--r--");

            assertTrue(refusedFile(data).getMessage().contains("it is not executable"));
        }

        @Test
        void aFileNameWithABackslashIsRefused() {
            Path odd = executable(temp.resolve("odd\\name"), "x");

            assertTrue(refusedFile(odd).getMessage().contains("contains a backslash"));
        }

        @Test
        void aFileNameWithALineBreakIsRefusedWithAOneLineMessage() {
            Path odd = executable(temp.resolve("odd\nname"), "x");

            StoreRefused e = refusedFile(odd);

            assertTrue(
                    e.getMessage().contains("'odd\\nname'") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
