package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded properties over random lockfiles with hostile text; a failure names its seed, which reproduces it. */
class LockfilePropertyTest {
    private static final Path NAMED = Path.of("/seeded/plugins.lock");

    @TempDir
    Path dir;

    static LongStream roundTrips() {
        return LongStream.range(0, 400);
    }

    static LongStream sequences() {
        return LongStream.range(0, 100);
    }

    static LongStream damages() {
        return LongStream.range(0, 300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("roundTrips")
    void whateverTheTextASavedLockfileReadsBackEqualAndRewritesToTheSameBytes(long seed) throws IOException {
        List<LockEntry> entries = new LockfileGenerator(seed).entries(5);
        LockfileStore store = new LockfileStore(dir.resolve("plugins.lock"), LockfileStoreTest.WAIT);
        Lockfile written = store.save(entries, Set.of(), false);
        Lockfile read = store.read();
        assertEquals(written, read, "seed " + seed);
        assertEquals(entries.size(), read.entries().size(), "seed " + seed);
        for (LockEntry e : entries) {
            assertEquals(e, read.entry(e.name()).orElseThrow(), "seed " + seed);
        }
        assertArrayEquals(Files.readAllBytes(store.file()), LockfileText.render(read), "seed " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("sequences")
    void aSequenceOfSavesLocksWhatAMapOfUpsertsAndRemovalsHolds(long seed) {
        LockfileGenerator g = new LockfileGenerator(seed);
        LockfileStore store = new LockfileStore(dir.resolve("plugins.lock"), LockfileStoreTest.WAIT);
        TreeMap<String, LockEntry> model = new TreeMap<>();
        for (int step = 0; step < 6; step++) {
            Set<String> removals = new HashSet<>();
            for (int i = g.nextInt(3); i > 0; i--) {
                removals.add(g.nameFrom(8));
            }
            List<LockEntry> upserts = new ArrayList<>();
            for (int i = g.nextInt(4); i > 0; i--) {
                String name = g.nameFrom(8);
                if (!removals.contains(name)
                        && upserts.stream().noneMatch(u -> u.name().equals(name))) {
                    upserts.add(g.entry(name));
                }
            }
            Lockfile written = store.save(upserts, removals, false);
            model.keySet().removeAll(removals);
            upserts.forEach(u -> model.put(u.name(), u));
            assertEquals(model, written.entries(), "seed " + seed + ", step " + step);
            assertEquals(written, store.read(), "seed " + seed + ", step " + step);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("damages")
    void aDamagedFileEitherReadsOrIsRefusedAsUnreadableNeverAnythingElse(long seed) {
        byte[] bytes = LockfileText.render(
                new Lockfile(Lockfile.SCHEMA_VERSION, sorted(new LockfileGenerator(seed).entries(3))));
        SplittableRandom random = new SplittableRandom(seed);
        byte[] damaged = switch (random.nextInt(3)) {
            case 0 -> Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
            case 1 -> flipped(bytes, random);
            default -> spliced(bytes, random);
        };
        try {
            LockfileParser.parse(NAMED, damaged);
        } catch (LockfileUnreadable e) {
            assertEquals(NAMED, e.file());
        } catch (RuntimeException e) {
            fail("seed " + seed + ": " + e, e);
        }
    }

    private static TreeMap<String, LockEntry> sorted(List<LockEntry> entries) {
        TreeMap<String, LockEntry> map = new TreeMap<>();
        entries.forEach(e -> map.put(e.name(), e));
        return map;
    }

    private static byte[] flipped(byte[] bytes, SplittableRandom random) {
        byte[] copy = bytes.clone();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            int at = random.nextInt(copy.length);
            copy[at] = (byte) random.nextInt(256);
        }
        return copy;
    }

    /** A random slice of the file moved elsewhere: lines cut, tables split, strings unclosed. */
    private static byte[] spliced(byte[] bytes, SplittableRandom random) {
        int from = random.nextInt(bytes.length);
        int to = from + random.nextInt(bytes.length - from + 1);
        byte[] slice = Arrays.copyOfRange(bytes, from, to);
        byte[] rest = new byte[bytes.length - slice.length];
        System.arraycopy(bytes, 0, rest, 0, from);
        System.arraycopy(bytes, to, rest, from, bytes.length - to);
        int at = random.nextInt(rest.length + 1);
        byte[] out = new byte[bytes.length];
        System.arraycopy(rest, 0, out, 0, at);
        System.arraycopy(slice, 0, out, at, slice.length);
        System.arraycopy(rest, at, out, at + slice.length, rest.length - at);
        return out;
    }
}
