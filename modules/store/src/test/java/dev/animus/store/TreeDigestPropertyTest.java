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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tree digest over random trees of files (some executable) and directories (some empty): it is
 * the digest of the documented stream (format 2), it does not depend on the order the files were
 * created in (so not on the order the walk meets them), and it changes when any byte, any name, the
 * set of files, an owner-execute bit or the set of (empty) directories changes; over many small
 * random trees, distinct trees never share a digest. Seeded and reproducible: each case's seed is in
 * its name and the base seed is printed; {@code -Dfuzz.seed=N} changes the base seed,
 * {@code -Dfuzz.inputs=N} the number of cases.
 */
class TreeDigestPropertyTest {
    private static final long BASE_SEED = Long.getLong("fuzz.seed", 0x7EE_D16E_57L);
    private static final int CASES = Integer.getInteger("fuzz.inputs", 200);
    // '-', ' ' and '.' sort before '/', so string order and directory nesting disagree; 'é' is two UTF-8 bytes
    private static final String NAME_CHARS = "abAB-_. 0é";

    /** A file's bytes and owner-execute bit; a directory is {@code null} content. */
    record Node(byte[] content, boolean executable) {
        static final Node DIRECTORY = new Node(null, false);

        boolean isDirectory() {
            return content == null;
        }

        /** What the digest sees: the content's digest and the bit, or "dir". */
        String seen() {
            return isDirectory() ? "dir" : StoreFiles.sha256(content) + (executable ? "+x" : "");
        }
    }

    @TempDir
    Path temp;

    @BeforeAll
    static void printTheSeed() {
        System.out.println("TreeDigestPropertyTest: base seed " + BASE_SEED + " (-Dfuzz.seed=" + BASE_SEED + "), "
                + CASES + " cases");
    }

    static LongStream seeds() {
        SplittableRandom base = new SplittableRandom(BASE_SEED);
        return LongStream.generate(base::nextLong).limit(CASES);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDigestIsTheDocumentedStreamWhateverTheCreationOrder(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Node> tree = randomTree(random);
        List<String> order = new ArrayList<>(tree.keySet());
        List<String> shuffled = shuffled(order, random);

        String first = DigestStore.treeDigest(write(tree, order));
        String second = DigestStore.treeDigest(write(tree, shuffled));

        assertEquals(reference(tree), first, "seed " + seed);
        assertEquals(first, second, "seed " + seed + ", created in the order " + shuffled);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theDigestChangesWithAnyByteAnyNameAnyExecuteBitAndTheSetOfFilesAndDirectories(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Node> tree = randomTree(random);
        String original = digestOf(tree);
        List<String> files =
                tree.keySet().stream().filter(k -> !tree.get(k).isDirectory()).toList();
        String victim = files.get(random.nextInt(files.size()));
        Node node = tree.get(victim);

        Map<String, Node> byteChanged = new TreeMap<>(tree);
        byteChanged.put(victim, new Node(changedByte(node.content(), random), node.executable()));
        Map<String, Node> renamed = new TreeMap<>(tree);
        renamed.put(freshPath(tree, victim + "x", random), renamed.remove(victim));
        Map<String, Node> added = new TreeMap<>(tree);
        added.put(freshPath(tree, randomPath(random), random), randomFile(random));
        Map<String, Node> removed = new TreeMap<>(tree);
        removed.remove(victim);
        Map<String, Node> bitFlipped = new TreeMap<>(tree);
        bitFlipped.put(victim, new Node(node.content(), !node.executable()));
        Map<String, Node> emptyDirAdded = new TreeMap<>(tree);
        emptyDirAdded.put(freshPath(tree, randomPath(random), random), Node.DIRECTORY);

        for (Map<String, Node> changed : List.of(byteChanged, renamed, added, removed, bitFlipped, emptyDirAdded)) {
            String digest = digestOf(changed);
            assertNotEquals(original, digest, () -> "seed " + seed + ": " + describe(tree) + " → " + describe(changed));
            assertEquals(reference(changed), digest, "seed " + seed);
        }
    }

    /**
     * Many small trees over a small alphabet, so that the same tree comes up again and again: a
     * digest always belongs to one tree, and a tree in any entry order has one digest.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void distinctTreesGetDistinctDigestsAndAnyEntryOrderTheSame(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, String> treeOfDigest = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            Map<String, Node> tree = randomTree(random, "ab", 3, 2);
            // contents from two, so that trees differ as often only by their shape or bits as by a byte
            tree.replaceAll((path, n) -> n.isDirectory() ? n : new Node(new byte[random.nextInt(2)], n.executable()));
            List<TreeDigest.Entry> entries = entries(tree);
            String digest = TreeDigest.of(entries);
            assertEquals(
                    digest, TreeDigest.of(shuffled(entries, random)), () -> "seed " + seed + ": " + describe(tree));
            String described = describe(tree);
            String before = treeOfDigest.putIfAbsent(digest, described);
            if (before != null) {
                assertEquals(before, described, "seed " + seed + ": two trees share the digest " + digest);
            }
        }
    }

    /**
     * What docs/security.md#the-digest-addressed-store says, written out independently of the
     * store's code.
     */
    private static String reference(Map<String, Node> tree) {
        Map<String, Node> all = withParents(tree);
        List<String> paths = new ArrayList<>(all.keySet());
        paths.sort(String::compareTo);
        StringBuilder stream = new StringBuilder("animus-tree-v2\0\n");
        for (String path : paths) {
            Node n = all.get(path);
            if (n.isDirectory()) {
                stream.append("d\0").append(path).append("\0\n");
            } else {
                stream.append(n.executable() ? "x\0" : "f\0")
                        .append(path)
                        .append('\0')
                        .append(StoreFiles.sha256(n.content()))
                        .append('\n');
            }
        }
        return StoreFiles.sha256(stream.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The tree with every directory a file or directory lies in. */
    private static Map<String, Node> withParents(Map<String, Node> tree) {
        Map<String, Node> all = new TreeMap<>(tree);
        for (String path : tree.keySet()) {
            for (int at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) {
                all.put(path.substring(0, at), Node.DIRECTORY);
            }
        }
        return all;
    }

    private static List<TreeDigest.Entry> entries(Map<String, Node> tree) {
        List<TreeDigest.Entry> entries = new ArrayList<>();
        withParents(tree)
                .forEach((path, n) -> entries.add(
                        n.isDirectory()
                                ? TreeDigest.Entry.directory(path)
                                : TreeDigest.Entry.file(path, n.executable(), StoreFiles.sha256(n.content()))));
        return entries;
    }

    /** The tree as the digest sees it, one line per entry, directories included: equal for equal trees. */
    private static String describe(Map<String, Node> tree) {
        StringBuilder b = new StringBuilder();
        withParents(tree)
                .forEach(
                        (path, n) -> b.append(path).append(" ").append(n.seen()).append("; "));
        return b.toString();
    }

    private String digestOf(Map<String, Node> tree) {
        return DigestStore.treeDigest(write(tree, new ArrayList<>(tree.keySet())));
    }

    private Path write(Map<String, Node> tree, List<String> order) {
        try {
            Path dir = Files.createTempDirectory(temp, "tree");
            for (String path : order) {
                Path file = dir.resolve(path);
                Node n = tree.get(path);
                if (n.isDirectory()) {
                    Files.createDirectories(file);
                    continue;
                }
                Files.createDirectories(file.getParent());
                Files.write(file, n.content());
                Files.setPosixFilePermissions(
                        file, PosixFilePermissions.fromString(n.executable() ? "rwxr-xr-x" : "rw-r--r--"));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Node> randomTree(SplittableRandom random) {
        return randomTree(random, NAME_CHARS, 10, 4);
    }

    /** Up to {@code most} files (at least one) and a few directories, empty ones among them. */
    private static Map<String, Node> randomTree(SplittableRandom random, String chars, int most, int nameLength) {
        Map<String, Node> tree = new TreeMap<>();
        int files = 1 + random.nextInt(most);
        int directories = random.nextInt(3);
        int tries = 0;
        while (tree.size() < files + directories && tries++ < 1000) {
            String path = randomPath(random, chars, nameLength);
            if (fits(tree, path)) {
                tree.put(path, tree.size() < files ? randomFile(random) : Node.DIRECTORY);
            }
        }
        return tree;
    }

    private static Node randomFile(SplittableRandom random) {
        return new Node(randomBytes(random), random.nextBoolean());
    }

    /**
     * Whether {@code path} can be put beside those of {@code tree}: not one of them nor one of the
     * directories they lie in, and not below one of them (a file, or an empty directory kept empty).
     */
    private static boolean fits(Map<String, Node> tree, String path) {
        for (String other : tree.keySet()) {
            if (other.equals(path) || other.startsWith(path + "/") || path.startsWith(other + "/")) {
                return false;
            }
        }
        return true;
    }

    /** {@code wanted} or, when it does not fit, a longer or another path that does. */
    private static String freshPath(Map<String, Node> tree, String wanted, SplittableRandom random) {
        String path = wanted;
        while (!fits(tree, path)) {
            // a longer last name fits unless the path lies below a file: then only another path does
            path = random.nextBoolean() ? path + NAME_CHARS.charAt(random.nextInt(2)) : randomPath(random);
        }
        return path;
    }

    private static String randomPath(SplittableRandom random) {
        return randomPath(random, NAME_CHARS, 4);
    }

    private static String randomPath(SplittableRandom random, String chars, int nameLength) {
        int depth = 1 + random.nextInt(3);
        List<String> segments = new ArrayList<>();
        while (segments.size() < depth) {
            StringBuilder segment = new StringBuilder();
            int length = 1 + random.nextInt(nameLength);
            for (int i = 0; i < length; i++) {
                segment.append(chars.charAt(random.nextInt(chars.length())));
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

    private static <T> List<T> shuffled(List<T> list, SplittableRandom random) {
        List<T> copy = new ArrayList<>(list);
        for (int i = copy.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = copy.get(i);
            copy.set(i, copy.get(j));
            copy.set(j, t);
        }
        return copy;
    }
}
