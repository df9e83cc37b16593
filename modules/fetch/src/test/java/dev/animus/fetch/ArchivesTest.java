package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.fetch.TestArchives.TarEntry;
import dev.animus.fetch.TestArchives.ZipEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Extraction of real archive files, normal and hostile. */
class ArchivesTest {
    private static final long CAP = 1 << 20;

    @TempDir
    Path root;

    Path write(String name, byte[] bytes) throws IOException {
        return Files.write(root.resolve(name), bytes);
    }

    Path into() throws IOException {
        return Files.createDirectories(root.resolve("box/into"));
    }

    Extracted extract(Path archive, ArchiveKind kind) throws IOException {
        return Archives.extract(archive, kind, into(), CAP, 100);
    }

    @Test
    void kindsAreKnownByFileName() {
        assertEquals(Optional.of(ArchiveKind.TAR_GZ), Archives.kindOf("x-linux-amd64.tar.gz"));
        assertEquals(Optional.of(ArchiveKind.TAR_GZ), Archives.kindOf("X.TGZ"));
        assertEquals(Optional.of(ArchiveKind.ZIP), Archives.kindOf("x.zip"));
        assertEquals(Optional.empty(), Archives.kindOf("x-linux-amd64"));
    }

    @Nested
    class Normal {
        @Test
        void aTarGzWithDirectoriesLongNamesAndAnExecutableIsExtracted() throws IOException {
            String longName = "deep/" + "d".repeat(120) + "/tool";
            byte[] archive = TestArchives.tarGz(List.of(
                    TarEntry.of("pkg/", '5'),
                    TarEntry.executable("pkg/bin/animus-plugin-x", "#!/bin/sh\n"),
                    TarEntry.file("pkg/README", "hello"),
                    new TarEntry("././@LongLink", 'L', 0644, (longName + "\0").getBytes(StandardCharsets.UTF_8)),
                    TarEntry.file("ignored-short-name", "gnu"),
                    new TarEntry(
                            "pax",
                            'x',
                            0644,
                            TestArchives.pax("path", "pax/" + "p".repeat(150)).getBytes(StandardCharsets.UTF_8)),
                    TarEntry.file("short", "pax")));
            Extracted e = extract(write("a.tar.gz", archive), ArchiveKind.TAR_GZ);
            assertEquals(
                    List.of(longName, "pax/" + "p".repeat(150), "pkg/README", "pkg/bin/animus-plugin-x").stream()
                            .sorted()
                            .toList(),
                    e.files());
            Path exe = into().resolve("pkg/bin/animus-plugin-x");
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(exe)));
            assertEquals(
                    "rw-r--r--",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(into().resolve("pkg/README"))));
            assertEquals("gnu", Files.readString(into().resolve(longName)));
        }

        @Test
        void aTarGzMadeByTheSystemTarIsExtracted() throws Exception {
            Path src = Files.createDirectories(root.resolve("src/pkg"));
            Files.writeString(src.resolve("animus-plugin-x"), "#!/bin/sh\n");
            Files.setPosixFilePermissions(src.resolve("animus-plugin-x"), PosixFilePermissions.fromString("rwxr-x---"));
            Path out = root.resolve("sys.tar.gz");
            Process p = new ProcessBuilder(
                            "tar",
                            "-czf",
                            out.toString(),
                            "-C",
                            root.resolve("src").toString(),
                            ".")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            assertEquals(0, p.waitFor());
            Extracted e = extract(out, ArchiveKind.TAR_GZ);
            assertEquals(List.of("pkg/animus-plugin-x"), e.files());
            assertTrue(Files.isExecutable(into().resolve("pkg/animus-plugin-x")));
        }

        @Test
        void zipsFromTheJdkAndWithUnixModesAreExtracted() throws IOException {
            var bytes = new ByteArrayOutputStream();
            try (ZipOutputStream z = new ZipOutputStream(bytes)) {
                z.putNextEntry(new java.util.zip.ZipEntry("dir/"));
                z.putNextEntry(new java.util.zip.ZipEntry("dir/a.txt"));
                z.write("deflated ".repeat(100).getBytes(StandardCharsets.UTF_8));
            }
            assertEquals(
                    List.of("dir/a.txt"),
                    extract(write("jdk.zip", bytes.toByteArray()), ArchiveKind.ZIP)
                            .files());
            assertEquals("deflated ".repeat(100), Files.readString(into().resolve("dir/a.txt")));
            Path second = Files.createDirectories(root.resolve("second"));
            Archives.extract(
                    write("unix.zip", TestArchives.zip(List.of(ZipEntry.file("tool", 0755, "#!/bin/sh\n")))),
                    ArchiveKind.ZIP,
                    second,
                    CAP,
                    10);
            assertTrue(Files.isExecutable(second.resolve("tool")));
        }
    }

    record Hostile(String label, ArchiveKind kind, byte[] bytes, ArchiveRefused.Reason reason) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<Hostile> hostile() throws IOException {
        return Stream.of(
                tar("../x", List.of(TarEntry.file("../x", "out")), ArchiveRefused.Reason.PARENT_PATH),
                tar("a/../../x", List.of(TarEntry.file("a/../../x", "out")), ArchiveRefused.Reason.PARENT_PATH),
                tar("/etc/x", List.of(TarEntry.file("/etc/x", "out")), ArchiveRefused.Reason.ABSOLUTE_PATH),
                tar("symlink", List.of(TarEntry.of("link", '2')), ArchiveRefused.Reason.LINK),
                tar("hard link", List.of(TarEntry.of("hard", '1')), ArchiveRefused.Reason.LINK),
                tar("fifo", List.of(TarEntry.of("fifo", '6')), ArchiveRefused.Reason.SPECIAL_FILE),
                tar("char device", List.of(TarEntry.of("tty", '3')), ArchiveRefused.Reason.SPECIAL_FILE),
                tar("block device", List.of(TarEntry.of("sda", '4')), ArchiveRefused.Reason.SPECIAL_FILE),
                tar(
                        "duplicate",
                        List.of(TarEntry.file("x", "1"), TarEntry.file("x", "2")),
                        ArchiveRefused.Reason.DUPLICATE),
                tar("backslash", List.of(TarEntry.file("..\\x", "out")), ArchiveRefused.Reason.BAD_NAME),
                tar(
                        "pax ../",
                        List.of(
                                new TarEntry(
                                        "p",
                                        'x',
                                        0644,
                                        TestArchives.pax("path", "../pax").getBytes(StandardCharsets.UTF_8)),
                                TarEntry.file("ok", "out")),
                        ArchiveRefused.Reason.PARENT_PATH),
                zip("zip ../x", List.of(ZipEntry.file("../x", 0644, "out")), ArchiveRefused.Reason.PARENT_PATH),
                zip("zip /etc/x", List.of(ZipEntry.file("/etc/x", 0644, "out")), ArchiveRefused.Reason.ABSOLUTE_PATH),
                zip(
                        "zip symlink",
                        List.of(new ZipEntry("link", 0120777, "/etc/passwd".getBytes(StandardCharsets.UTF_8))),
                        ArchiveRefused.Reason.LINK),
                zip(
                        "zip fifo",
                        List.of(new ZipEntry("fifo", 0010644, new byte[0])),
                        ArchiveRefused.Reason.SPECIAL_FILE),
                zip(
                        "zip duplicate",
                        List.of(ZipEntry.file("x", 0644, "1"), ZipEntry.file("x", 0644, "2")),
                        ArchiveRefused.Reason.DUPLICATE));
    }

    private static Hostile tar(String label, List<TarEntry> entries, ArchiveRefused.Reason reason) throws IOException {
        return new Hostile(label, ArchiveKind.TAR_GZ, TestArchives.tarGz(entries), reason);
    }

    private static Hostile zip(String label, List<ZipEntry> entries, ArchiveRefused.Reason reason) {
        return new Hostile(label, ArchiveKind.ZIP, TestArchives.zip(entries), reason);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aHostileEntryRefusesTheArchiveAndNothingIsWrittenOutside(Hostile h) throws IOException {
        Path archive = write("hostile", h.bytes());
        Path box = into().getParent();
        List<String> before = listing(root);
        var refused = assertThrows(ArchiveRefused.class, () -> Archives.extract(archive, h.kind(), into(), CAP, 100));
        assertEquals(h.reason(), refused.reason(), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("hostile: ")
                && !refused.getMessage().contains("\n"));
        assertEquals(before, listing(root), "something was written outside " + box);
        assertTrue(!Files.exists(root.resolve("x")) && !Files.exists(box.resolve("x")));
    }

    static List<String> listing(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            return s.filter(p -> !p.startsWith(dir.resolve("box/into")))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        }
    }

    @Nested
    class Bombs {
        @Test
        void aGzipBombStopsAtTheInflateCapQuickly() throws IOException {
            long size = 256L << 20;
            Path bomb = root.resolve("bomb.tar.gz");
            try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(bomb))) {
                gz.write(TestArchives.header("zeros", '0', 0644, size));
                byte[] zeros = new byte[1 << 20];
                for (long i = 0; i < size; i += zeros.length) {
                    gz.write(zeros);
                }
            }
            assertTrue(Files.size(bomb) < (2 << 20), "the bomb itself is small");
            var refused = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> assertThrows(ArchiveRefused.class, () -> extract(bomb, ArchiveKind.TAR_GZ)));
            assertEquals(ArchiveRefused.Reason.TOO_LARGE, refused.reason());
            assertTrue(Files.size(into().resolve("zeros")) <= CAP);
        }

        @Test
        void aZipBombStopsAtTheInflateCap() throws IOException {
            Path bomb = root.resolve("bomb.zip");
            try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(bomb))) {
                z.putNextEntry(new java.util.zip.ZipEntry("zeros"));
                byte[] zeros = new byte[1 << 20];
                for (int i = 0; i < 64; i++) {
                    z.write(zeros);
                }
            }
            var refused = assertThrows(ArchiveRefused.class, () -> extract(bomb, ArchiveKind.ZIP));
            assertEquals(ArchiveRefused.Reason.TOO_LARGE, refused.reason());
        }

        @Test
        void tooManyEntriesAreRefused() throws IOException {
            List<TarEntry> many = IntStream.range(0, 101)
                    .mapToObj(i -> TarEntry.file("f" + i, ""))
                    .toList();
            var refused = assertThrows(
                    ArchiveRefused.class,
                    () -> extract(write("many.tar.gz", TestArchives.tarGz(many)), ArchiveKind.TAR_GZ));
            assertEquals(ArchiveRefused.Reason.TOO_MANY_ENTRIES, refused.reason());
        }
    }

    @Nested
    class Corrupt {
        @Test
        void truncatedAndGarbledArchivesAreCorrupt() throws IOException {
            byte[] tar = TestArchives.tarGz(List.of(TarEntry.file("a", "x".repeat(2000))));
            byte[] zip = TestArchives.zip(List.of(ZipEntry.file("a", 0644, "x".repeat(2000))));
            for (byte[] bad : List.of(Arrays.copyOf(tar, tar.length / 2), "not gzip".getBytes())) {
                Path box = Files.createTempDirectory(root, "c");
                var r = assertThrows(
                        ArchiveRefused.class,
                        () -> Archives.extract(write("bad.tar.gz", bad), ArchiveKind.TAR_GZ, box, CAP, 10));
                assertEquals(ArchiveRefused.Reason.CORRUPT, r.reason(), r.getMessage());
            }
            for (byte[] bad : List.of(Arrays.copyOf(zip, zip.length - 30), "PK nothing".getBytes())) {
                Path box = Files.createTempDirectory(root, "c");
                var r = assertThrows(
                        ArchiveRefused.class,
                        () -> Archives.extract(write("bad.zip", bad), ArchiveKind.ZIP, box, CAP, 10));
                assertEquals(ArchiveRefused.Reason.CORRUPT, r.reason(), r.getMessage());
            }
        }
    }
}
