package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.core.Digests;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded properties of the checksum parsers; a failure names its seed, which reproduces it. */
class ChecksumsPropertyTest {
    static LongStream hostile() {
        return LongStream.range(0, 2_000);
    }

    static LongStream files() {
        return LongStream.range(0, 500);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("hostile")
    void onAnyTextTheParsersGiveADigestOrChecksumInvalidAndNothingElse(long seed) {
        ChecksumText g = new ChecksumText(seed);
        String text = g.hostile();
        String asset = g.nextInt(2) == 0 ? g.name() : "tool-linux-amd64.tar.gz";
        try {
            Checksums.parseSums(text, asset).ifPresent(d -> assertDigest(d, seed));
        } catch (ChecksumInvalid e) {
            assertOneLine(e, seed);
        } catch (RuntimeException e) {
            fail("seed " + seed + ": parseSums threw " + e, e);
        }
        try {
            assertDigest(Checksums.parseSidecar(text, asset), seed);
        } catch (ChecksumInvalid e) {
            assertOneLine(e, seed);
        } catch (RuntimeException e) {
            fail("seed " + seed + ": parseSidecar threw " + e, e);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("files")
    void aSumsFileOfValidLinesGivesEachAssetItsOwnDigest(long seed) {
        ChecksumText g = new ChecksumText(seed);
        List<String> names = new ArrayList<>();
        List<String> digests = new ArrayList<>();
        StringBuilder text = new StringBuilder(g.nextInt(2) == 0 ? "" : "# sums\n");
        for (int i = g.nextInt(6) + 1; i > 0; i--) {
            String name = g.name() + "-" + i;
            String hex = g.hex();
            names.add(name);
            digests.add(hex.toLowerCase(Locale.ROOT));
            text.append(g.line(hex, name)).append(g.nextInt(4) == 0 ? "\r\n" : "\n");
        }
        for (int i = 0; i < names.size(); i++) {
            assertEquals(
                    Optional.of(digests.get(i)),
                    Checksums.parseSums(text.toString(), names.get(i)),
                    "seed " + seed + ", " + names.get(i) + " in:\n" + text);
        }
        assertEquals(
                Optional.empty(), Checksums.parseSums(text.toString(), "absent-" + names.getFirst()), "seed " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("files")
    void aSidecarOfOneValidLineForTheAssetGivesItsDigest(long seed) {
        ChecksumText g = new ChecksumText(seed);
        String name = g.name() + ".tar.gz";
        String hex = g.hex();
        String text = g.nextInt(3) == 0 ? hex + "\n" : g.line(hex, name) + "\n";
        assertEquals(hex.toLowerCase(Locale.ROOT), Checksums.parseSidecar(text, name), "seed " + seed + ": " + text);
    }

    private static void assertDigest(String digest, long seed) {
        assertTrue(Digests.isSha256(digest), "seed " + seed + ": not a lowercase digest: " + digest);
    }

    private static void assertOneLine(ChecksumInvalid e, long seed) {
        assertFalse(
                e.getMessage().chars().anyMatch(c -> c == '\n' || c == '\r'), "seed " + seed + ": " + e.getMessage());
    }
}
