package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.fetch.TestArchives.TarEntry;
import dev.animus.fetch.TestArchives.ZipEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random mutations (bit flips, truncations, inserted bytes) of valid archives: each either extracts
 * or is refused with {@link ArchiveRefused}; never another exception, never a hang. The seed is
 * printed; {@code -Danimus.fuzz.seed=N} replays a run.
 */
class ArchivesFuzzTest {
    private static final int CASES = 2_000;

    @TempDir
    Path root;

    @Test
    void mutatedArchivesExtractOrAreRefusedNeverAnythingElse() throws IOException {
        long seed = Long.getLong("animus.fuzz.seed", System.nanoTime());
        System.out.println("ArchivesFuzzTest seed " + seed);
        SplittableRandom random = new SplittableRandom(seed);
        byte[] tar = TestArchives.tarGz(List.of(TarEntry.of("d/", '5'), TarEntry.executable("d/tool", "#!/bin/sh\n"),
                TarEntry.file("d/readme", "r".repeat(700))));
        byte[] zip = TestArchives.zip(List.of(ZipEntry.file("tool", 0755, "#!/bin/sh\n"),
                ZipEntry.file("readme", 0644, "r".repeat(700))));
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            for (int i = 0; i < CASES; i++) {
                boolean isTar = random.nextBoolean();
                byte[] mutated = mutate(isTar ? tar : zip, random);
                Path archive = Files.write(root.resolve("case"), mutated);
                Path into = Files.createTempDirectory(root, "into");
                try {
                    Archives.extract(archive, isTar ? ArchiveKind.TAR_GZ : ArchiveKind.ZIP, into, 1 << 20, 50);
                } catch (ArchiveRefused expected) {
                    // the documented outcome for a bad archive
                } catch (RuntimeException e) {
                    fail("case " + i + " (seed " + seed + ") threw " + e, e);
                }
            }
        });
    }

    static byte[] mutate(byte[] original, SplittableRandom random) {
        byte[] b = original.clone();
        switch (random.nextInt(3)) {
            case 0 -> {
                int flips = 1 + random.nextInt(8);
                for (int f = 0; f < flips; f++) {
                    int at = random.nextInt(b.length);
                    b[at] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
            default -> {
                int at = random.nextInt(b.length);
                byte[] extra = new byte[1 + random.nextInt(16)];
                random.nextBytes(extra);
                byte[] out = new byte[b.length + extra.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(extra, 0, out, at, extra.length);
                System.arraycopy(b, at, out, at + extra.length, b.length - at);
                b = out;
            }
        }
        return b;
    }
}
