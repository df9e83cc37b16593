package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.fetch.TestArchives.TarEntry;
import dev.animus.fetch.TestArchives.ZipEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of {@link Archives#extract}: random bytes, and valid tar.gz and zip archives with
 * random bit flips, byte changes, truncations, insertions, deletions and copied slices (a tar also
 * mutated before gzip, its header checksums fixed, so the damage reaches the tar parser). Each input
 * either extracts within the caps or is refused with {@link ArchiveRefused}: never another
 * exception, never a hang, never anything but directories and regular files, nothing outside the
 * target, which is removed after each case. The seed is printed; {@code -Dfuzz.seed=N} replays a
 * run and {@code -Dfuzz.inputs=N} changes how many inputs it tries.
 */
class ArchiveExtractFuzzTest {
    private static final int CASES = Integer.getInteger("fuzz.inputs", 10_000);
    private static final long CAP = 256 * 1024;
    private static final int MAX_ENTRIES = 64;
    private static final byte[] INTERESTING = {
        0, (byte) 0xff, 0x7f, (byte) 0x80, '0', '7', '/', '.', ' ', '\n', '5', '2', 'L', 'x'
    };

    @TempDir
    Path root;

    record Seed(String label, ArchiveKind kind, byte[] bytes, boolean rawTar) {}

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyInputExtractsWithinTheCapsOrIsRefusedNeverAnythingElse() throws IOException {
        long seed = Long.getLong("fuzz.seed", new SplittableRandom().nextLong());
        System.out.println("ArchiveExtractFuzzTest seed " + seed + " (rerun with -Dfuzz.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        List<Seed> seeds = seeds();
        Path archive = root.resolve("case");
        Path box = Files.createDirectory(root.resolve("box"));
        Path into = box.resolve("into");
        Files.writeString(root.resolve("outside"), "untouched");
        Map<String, Integer> outcomes = new TreeMap<>();
        for (int i = 0; i < CASES; i++) {
            String label;
            ArchiveKind kind;
            byte[] bytes;
            if (random.nextInt(10) == 0) {
                kind = random.nextBoolean() ? ArchiveKind.TAR_GZ : ArchiveKind.ZIP;
                bytes = new byte[random.nextInt(2048)];
                random.nextBytes(bytes);
                label = "random bytes";
            } else {
                Seed s = seeds.get(random.nextInt(seeds.size()));
                kind = s.kind();
                StringBuilder how = new StringBuilder(s.label()).append(':');
                bytes = mutate(s.bytes(), random, how);
                if (s.rawTar()) {
                    bytes = TestArchives.gzip(fixChecksums(bytes));
                }
                label = how.toString();
            }
            Files.write(archive, bytes);
            Files.createDirectory(into);
            String outcome;
            try {
                Extracted e = Archives.extract(archive, kind, into, CAP, MAX_ENTRIES);
                outcome = e.inflatedBytes() <= CAP && e.files().size() <= MAX_ENTRIES ? "extracted" : "over the caps";
            } catch (ArchiveRefused r) {
                outcome = "refused " + r.reason();
            } catch (RuntimeException e) {
                throw new AssertionError("case " + i + " (seed " + seed + ", " + label + ") threw " + e, e);
            }
            if (outcome.equals("over the caps")) {
                fail("case " + i + " (seed " + seed + ", " + label + ") extracted more than the caps");
            }
            outcomes.merge(outcome, 1, Integer::sum);
            checkTree(root, into, "case " + i + " (seed " + seed + ", " + label + ")");
            delete(into);
        }
        System.out.println("ArchiveExtractFuzzTest " + CASES + " cases: " + outcomes);
        try (Stream<Path> left = Files.list(root)) {
            assertEquals(
                    List.of("box", "case", "outside"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
        try (Stream<Path> left = Files.list(box)) {
            assertEquals(0, left.count(), "a target was left behind");
        }
        assertEquals("untouched", Files.readString(root.resolve("outside")));
    }

    /** Everything under {@code root} is the case file, the sentinel, or a directory or regular file inside {@code into}. */
    private static void checkTree(Path root, Path into, String which) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                boolean known = p.equals(root)
                        || p.equals(root.resolve("case"))
                        || p.equals(root.resolve("outside"))
                        || p.equals(into.getParent())
                        || p.startsWith(into);
                boolean plain = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                        || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
                if (!known || !plain) {
                    fail(which + " left " + p
                            + (known ? ", which is neither a file nor a directory" : " outside the target"));
                }
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static List<Seed> seeds() throws IOException {
        List<TarEntry> tar = List.of(
                TarEntry.of("pkg/", '5'),
                TarEntry.executable("pkg/bin/tool", "#!/bin/sh\necho hi\n"),
                TarEntry.file("pkg/README", "read me ".repeat(90)),
                new TarEntry(
                        "././@LongLink", 'L', 0644, ("pkg/" + "l".repeat(110) + "\0").getBytes(StandardCharsets.UTF_8)),
                TarEntry.file("short", "long name"),
                new TarEntry(
                        "pax",
                        'x',
                        0644,
                        (TestArchives.pax("path", "pkg/pax-name") + TestArchives.pax("size", "3"))
                                .getBytes(StandardCharsets.UTF_8)),
                TarEntry.file("p", "pax"));
        ByteArrayOutputStream jdk = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(jdk)) {
            z.putNextEntry(new java.util.zip.ZipEntry("dir/"));
            z.putNextEntry(new java.util.zip.ZipEntry("dir/deflated"));
            z.write("deflated data ".repeat(60).getBytes(StandardCharsets.UTF_8));
        }
        return List.of(
                new Seed("tar.gz", ArchiveKind.TAR_GZ, TestArchives.tarGz(tar), false),
                new Seed("tar (gzipped after)", ArchiveKind.TAR_GZ, TestArchives.tar(tar), true),
                new Seed("zip (jdk)", ArchiveKind.ZIP, jdk.toByteArray(), false),
                new Seed(
                        "zip (unix modes)",
                        ArchiveKind.ZIP,
                        TestArchives.zip(List.of(
                                ZipEntry.file("tool", 0755, "#!/bin/sh\n"),
                                ZipEntry.file("readme", 0644, "r".repeat(700)))),
                        false),
                new Seed(
                        "zip (deflated, by hand)",
                        ArchiveKind.ZIP,
                        ZipBytes.of(ZipBytes.deflated("a/b", "text ".repeat(300)), ZipBytes.stored("c", "stored"))
                                .bytes(),
                        false));
    }

    static byte[] mutate(byte[] original, SplittableRandom random, StringBuilder how) {
        byte[] b = original.clone();
        int operations = 1 + random.nextInt(3);
        for (int op = 0; op < operations && b.length > 0; op++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(6)) {
                case 0 -> {
                    b[at] ^= (byte) (1 << random.nextInt(8));
                    how.append(" flip@").append(at);
                }
                case 1 -> {
                    b[at] = INTERESTING[random.nextInt(INTERESTING.length)];
                    how.append(" set@").append(at);
                }
                case 2 -> {
                    b = Arrays.copyOf(b, at);
                    how.append(" cut@").append(at);
                }
                case 3 -> {
                    byte[] extra = new byte[1 + random.nextInt(16)];
                    random.nextBytes(extra);
                    b = splice(b, at, at, extra);
                    how.append(" insert@").append(at);
                }
                case 4 -> {
                    int to = Math.min(b.length, at + 1 + random.nextInt(64));
                    b = splice(b, at, to, new byte[0]);
                    how.append(" delete@").append(at);
                }
                default -> {
                    int from = random.nextInt(b.length);
                    byte[] slice = Arrays.copyOfRange(b, from, Math.min(b.length, from + 1 + random.nextInt(600)));
                    b = splice(b, at, at, slice);
                    how.append(" copy@").append(at);
                }
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b, 0, from);
        out.writeBytes(in);
        out.write(b, to, b.length - to);
        return out.toByteArray();
    }

    /** Each non-zero 512-byte block of a mutated tar with a valid header checksum. */
    private static byte[] fixChecksums(byte[] tar) {
        List<byte[]> blocks = new ArrayList<>();
        for (int at = 0; at + 512 <= tar.length; at += 512) {
            byte[] block = Arrays.copyOfRange(tar, at, at + 512);
            boolean zero = true;
            for (byte x : block) {
                zero &= x == 0;
            }
            blocks.add(zero ? block : TestArchives.withChecksum(block));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        blocks.forEach(out::writeBytes);
        out.write(tar, tar.length - tar.length % 512, tar.length % 512);
        return out.toByteArray();
    }
}
