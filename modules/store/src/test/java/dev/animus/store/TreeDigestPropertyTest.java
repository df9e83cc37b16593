package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tree digest over random trees: it is the digest of the documented stream, it does not depend
 * on the order the files were created in, and it changes when any byte, any file name or the set
 * of files changes. Seeded and reproducible: each case's seed is in its name;
 * {@code -Danimus.store.seed=N} changes the base seed, {@code -Danimus.store.cases=N} the number of cases.
 */
class TreeDigestPropertyTest {
    private static final long BASE_SEED = Long.getLong("animus.store.seed", 0x7EE_D16E_57L);
    private static final int CASES = Integer.getInteger("animus.store.cases", 200);
    // '-', ' ' and '.' sort before '/', so string order and directory nesting disagree; 'é' is two UTF-8 bytes
    private static final String NAME_CHARS = "abAB-_. 0é";

    @TempDir
    Path temp;

    static LongStream seeds() {
        SplittableRandom base = new SplittableRandom(BASE_SEED);
        return LongStream.generate(base::nextLong).limit(CASES);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDigestIsTheDocumentedStreamWhateverTheCreationOrder(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, byte[]> tree = randomTree(random);
        List<String> order = new ArrayList<>(tree.keySet());
        List<String> shuffled = shuffled(order, random);

        String first = DigestStore.treeDigest(write(tree, order));
        String second = DigestStore.treeDigest(write(tree, shuffled));

        assertEquals(reference(tree), first, "seed " + seed);
        assertEquals(first, second, "seed " + seed + ", created in the order " + shuffled);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDigestChangesWithAnyByteAnyNameAndTheSetOfFiles(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, byte[]> tree = randomTree(random);
        String original = digestOf(tree);
        List<String> paths = new ArrayList<>(tree.keySet());
        String victim = paths.get(random.nextInt(paths.size()));

        Map<String, byte[]> byteChanged = new TreeMap<>(tree);
        byteChanged.put(victim, changedByte(tree.get(victim), random));
        Map<String, byte[]> renamed = new TreeMap<>(tree);
        renamed.put(freshPath(tree, victim + "x", random), renamed.remove(victim));
        Map<String, byte[]> added = new TreeMap<>(tree);
        added.put(freshPath(tree, randomPath(random), random), randomBytes(random));
        Map<String, byte[]> removed = new TreeMap<>(tree);
        removed.remove(victim);

        for (Map<String, byte[]> changed : List.of(byteChanged, renamed, added, removed)) {
            String digest = digestOf(changed);
            assertNotEquals(original, digest, "seed " + seed + ": " + tree.keySet() + " → " + changed.keySet());
            assertEquals(reference(changed), digest, "seed " + seed);
        }
    }

    /** What security.md §2 says, written out independently of the store's code. */
    private static String reference(Map<String, byte[]> tree) {
        List<String> paths = new ArrayList<>(tree.keySet());
        paths.sort(String::compareTo);
        StringBuilder stream = new StringBuilder();
        for (String path : paths) {
            stream.append(path).append('\0').append(StoreFiles.sha256(tree.get(path))).append('\n');
        }
        return StoreFiles.sha256(stream.toString().getBytes(StandardCharsets.UTF_8));
    }

    private String digestOf(Map<String, byte[]> tree) {
        return DigestStore.treeDigest(write(tree, new ArrayList<>(tree.keySet())));
    }

    private Path write(Map<String, byte[]> tree, List<String> order) {
        try {
            Path dir = Files.createTempDirectory(temp, "tree");
            for (String path : order) {
                Path file = dir.resolve(path);
                Files.createDirectories(file.getParent());
                Files.write(file, tree.get(path));
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, byte[]> randomTree(SplittableRandom random) {
        Map<String, byte[]> tree = new TreeMap<>();
        int files = 1 + random.nextInt(10);
        while (tree.size() < files) {
            String path = randomPath(random);
            if (fits(tree, path)) {
                tree.put(path, randomBytes(random));
            }
        }
        return tree;
    }

    /** Whether {@code path} can be a file beside those of {@code tree}: not one of them, not a directory of one, not below one. */
    private static boolean fits(Map<String, byte[]> tree, String path) {
        for (String other : tree.keySet()) {
            if (other.equals(path) || other.startsWith(path + "/") || path.startsWith(other + "/")) {
                return false;
            }
        }
        return true;
    }

    /** {@code wanted} or, when it does not fit, a longer or another path that does. */
    private static String freshPath(Map<String, byte[]> tree, String wanted, SplittableRandom random) {
        String path = wanted;
        while (!fits(tree, path)) {
            // a longer last name fits unless the path lies below a file: then only another path does
            path = random.nextBoolean() ? path + NAME_CHARS.charAt(random.nextInt(2)) : randomPath(random);
        }
        return path;
    }

    private static String randomPath(SplittableRandom random) {
        int depth = 1 + random.nextInt(3);
        List<String> segments = new ArrayList<>();
        while (segments.size() < depth) {
            StringBuilder segment = new StringBuilder();
            int length = 1 + random.nextInt(4);
            for (int i = 0; i < length; i++) {
                segment.append(NAME_CHARS.charAt(random.nextInt(NAME_CHARS.length())));
            }
            String s = segment.toString();
            if (!s.equals(".") && !s.equals("..")) {
                segments.add(s);
            }
        }
        return String.join("/", segments);
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(65)];
        random.nextBytes(bytes);
        return bytes;
    }

    private static byte[] changedByte(byte[] content, SplittableRandom random) {
        if (content.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        byte[] changed = content.clone();
        int at = random.nextInt(changed.length);
        changed[at] = (byte) (changed[at] ^ (1 + random.nextInt(255)));
        return changed;
    }

    private static List<String> shuffled(List<String> list, SplittableRandom random) {
        List<String> copy = new ArrayList<>(list);
        for (int i = copy.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = copy.get(i);
            copy.set(i, copy.get(j));
            copy.set(j, t);
        }
        return copy;
    }
}
