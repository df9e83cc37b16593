package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchivePickTest {
    @TempDir
    Path dir;

    Path file(String relative, String mode) throws IOException {
        Path f = dir.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, "content of " + relative);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    Path executable(String relative) throws IOException {
        return file(relative, "rwxr-xr-x");
    }

    Path plain(String relative) throws IOException {
        return file(relative, "rw-r--r--");
    }

    ArchivePick pick() {
        return ArchivePick.from(dir, "clock");
    }

    @Nested
    class PluginTrees {
        @Test
        void aPluginTomlAtTheTopMakesTheWholeArchiveTheTree() throws IOException {
            plain("Plugin.toml");
            executable("bin/clock");
            executable("bin/helper");
            assertEquals(new ArchivePick.Tree(dir), pick());
        }

        @Test
        void aPluginTomlInTheSingleTopLevelDirectoryMakesThatDirectoryTheTree() throws IOException {
            plain("clock-1.2.0/Plugin.toml");
            executable("clock-1.2.0/clock");
            assertEquals(new ArchivePick.Tree(dir.resolve("clock-1.2.0")), pick());
        }

        @Test
        void aPluginTomlInOneOfSeveralTopLevelDirectoriesIsNotATree() throws IOException {
            plain("a/Plugin.toml");
            plain("b/README.md");
            executable("a/clock");
            assertEquals(new ArchivePick.Executable(dir.resolve("a/clock")), pick());
        }

        @Test
        void aPluginTomlTwoLevelsDownIsNotATree() throws IOException {
            plain("outer/inner/Plugin.toml");
            executable("outer/inner/run");
            assertEquals(new ArchivePick.Executable(dir.resolve("outer/inner/run")), pick());
        }

        @Test
        void aDirectoryCalledPluginTomlIsNotAManifest() throws IOException {
            Files.createDirectories(dir.resolve("Plugin.toml"));
            executable("clock");
            assertEquals(new ArchivePick.Executable(dir.resolve("clock")), pick());
        }
    }

    @Nested
    class Executables {
        @Test
        void theExecutableNamedLikeTheRepositoryWinsOverOthers() throws IOException {
            executable("dist/linux/clock");
            executable("dist/linux/clock-helper");
            plain("LICENSE");
            assertEquals(new ArchivePick.Executable(dir.resolve("dist/linux/clock")), pick());
        }

        @Test
        void theAnimusPluginAndProviderPrefixesAndDotExeCountAsTheRepositorysName() throws IOException {
            executable("animus-plugin-clock");
            executable("other");
            assertEquals(new ArchivePick.Executable(dir.resolve("animus-plugin-clock")), pick());
            Files.delete(dir.resolve("animus-plugin-clock"));
            plain("bin/Animus-Provider-Clock.exe");
            assertEquals(new ArchivePick.Executable(dir.resolve("bin/Animus-Provider-Clock.exe")), pick());
        }

        @Test
        void aFileNamedLikeTheRepositoryIsPickedEvenWithoutAnExecuteBitAsZipsOftenCarryNone() throws IOException {
            plain("clock");
            plain("README.md");
            assertEquals(new ArchivePick.Executable(dir.resolve("clock")), pick());
        }

        @Test
        void theSingleExecutableIsPickedWhateverItsName() throws IOException {
            executable("tool-1.2.0/bin/tick");
            plain("tool-1.2.0/README.md");
            plain("tool-1.2.0/LICENSE");
            assertEquals(new ArchivePick.Executable(dir.resolve("tool-1.2.0/bin/tick")), pick());
        }

        @Test
        void anExecuteBitForOthersOnlyStillMakesAnExecutable() throws IOException {
            file("tick", "rw-r--r-x");
            assertEquals(new ArchivePick.Executable(dir.resolve("tick")), pick());
        }

        @Test
        void aSymbolicLinkIsNeverPicked() throws IOException {
            Path target = executable("real/tick");
            Files.createSymbolicLink(dir.resolve("clock"), target);
            assertEquals(new ArchivePick.Executable(target), pick());
        }
    }

    @Nested
    class NothingToInstall {
        @Test
        void twoExecutablesAndNoneNamedLikeTheRepositoryAreListedBoth() throws IOException {
            executable("bin/tick");
            executable("bin/tock");
            ArchivePick.NotFound none = assertInstanceOf(ArchivePick.NotFound.class, pick());
            assertTrue(
                    none.reason()
                            .contains("2 executable files and none named like the repository 'clock': "
                                    + "'bin/tick', 'bin/tock'"),
                    none.reason());
            assertTrue(none.reason().endsWith("or install from a local path"), none.reason());
        }

        @Test
        void twoFilesNamedLikeTheRepositoryAreAmbiguous() throws IOException {
            executable("linux/clock");
            executable("musl/animus-plugin-clock");
            ArchivePick.NotFound none = assertInstanceOf(ArchivePick.NotFound.class, pick());
            assertTrue(
                    none.reason()
                            .contains("2 executables named like the repository 'clock': "
                                    + "'linux/clock', 'musl/animus-plugin-clock'"),
                    none.reason());
        }

        @Test
        void noExecutableListsTheFilesFound() throws IOException {
            plain("README.md");
            plain("docs/usage.md");
            ArchivePick.NotFound none = assertInstanceOf(ArchivePick.NotFound.class, pick());
            assertTrue(
                    none.reason().contains("no executable file; its files are: 'README.md', 'docs/usage.md'"),
                    none.reason());
        }

        @Test
        void anEmptyArchiveHasNothing() {
            ArchivePick.NotFound none = assertInstanceOf(ArchivePick.NotFound.class, pick());
            assertTrue(none.reason().contains("its files are: none"), none.reason());
        }
    }

    @Test
    void aMissingDirectoryIsAnErrorNamingIt() {
        UncheckedIOException e =
                assertThrows(UncheckedIOException.class, () -> ArchivePick.from(dir.resolve("gone"), "clock"));
        assertTrue(e.getMessage().contains(dir.resolve("gone").toString()), e.getMessage());
    }
}
