package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded properties of the canonical disclosure text: it can be read back (so no two disclosures
 * share one), it survives UTF-8, and the order a manifest lists things in does not matter. A
 * failure names its seed, which reproduces it.
 */
class DisclosurePropertyTest {
    private static final List<String> FIELDS = List.of(
            "code_digest",
            "kinds",
            "capabilities",
            "hooks",
            "policy_hooks",
            "events",
            "network_destinations",
            "data_sent",
            "env_names",
            "secret_names");
    /** Pieces of hostile values: every separator, escape lookalikes, controls, lone surrogates. */
    private static final List<String> PIECES = List.of(
            ",",
            "=",
            "%",
            "\n",
            "\r",
            "\r\n",
            "%2C",
            "%25",
            "%u2028",
            "%u",
            "%",
            "\u2028",
            "\u2029",
            "\u0085",
            "\u0000",
            "\t",
            "\uD800",
            "\uDC00",
            "\uD83E\uDD80",
            "\u00e9",
            "a",
            "kinds=",
            "\nenv_names=",
            "animus-disclosure/1",
            " ",
            "\\",
            "%0A");

    static LongStream seeds() {
        return LongStream.range(0, 300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theCanonicalTextOfAGeneratedManifestReadsBackAsTheSameDisclosure(long seed) {
        var g = new ManifestGenerator(seed);
        Disclosure d = Disclosure.of(code(g), g.manifest());
        assertEquals(d, read(d.canonical()), "seed " + seed);
        assertEncodesLosslessly(d, seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theCanonicalTextOfHostileValuesReadsBackAsTheSameDisclosure(long seed) {
        var random = new SplittableRandom(seed);
        Disclosure d = hostile(random);
        assertEquals(d, read(d.canonical()), "seed " + seed + ": " + d.canonical());
        assertEncodesLosslessly(d, seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void twoDisclosuresShareADigestExactlyWhenTheyAreEqual(long seed) {
        var random = new SplittableRandom(seed);
        var g = new ManifestGenerator(seed);
        List<Disclosure[]> pairs = List.of(
                new Disclosure[] {Disclosure.of(code(g), g.manifest()), Disclosure.of(code(g), g.manifest())},
                new Disclosure[] {hostile(random), hostile(random)},
                nearMiss(hostile(random), random));
        for (Disclosure[] pair : pairs) {
            String message = "seed " + seed + ":\n" + pair[0].canonical() + "---\n" + pair[1].canonical();
            assertEquals(pair[0].equals(pair[1]), pair[0].canonical().equals(pair[1].canonical()), message);
            assertEquals(pair[0].equals(pair[1]), pair[0].digest().equals(pair[1].digest()), message);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theOrderAManifestListsThingsInDoesNotChangeTheDigest(long seed) {
        var g = new ManifestGenerator(seed);
        var random = new SplittableRandom(seed);
        Manifest m = g.manifest();
        Manifest shuffled = new Manifest(
                m.name(),
                m.version(),
                m.kind(),
                shuffle(m.extraKinds(), random),
                m.description(),
                m.protocolVersion(),
                shuffle(m.capabilities(), random),
                shuffle(m.envRequired(), random),
                m.notificationBufferSize(),
                m.timeouts(),
                shuffle(m.hooks(), random),
                shuffle(m.policyHooks(), random),
                shuffle(m.events(), random),
                shuffle(m.networkDestinations(), random),
                shuffle(m.dataSent(), random),
                shuffle(m.secrets(), random),
                m.entry());
        String code = code(g);
        assertEquals(
                Disclosure.of(code, m).digest(), Disclosure.of(code, shuffled).digest(), "seed " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void repeatingValuesInAnyOrderDoesNotChangeTheDigest(long seed) {
        var random = new SplittableRandom(seed);
        Disclosure d = hostile(random);
        Disclosure repeated = new Disclosure(
                d.codeDigest(),
                repeat(d.kinds(), random),
                repeat(d.capabilities(), random),
                repeat(d.hooks(), random),
                repeat(d.policyHooks(), random),
                repeat(d.events(), random),
                repeat(d.networkDestinations(), random),
                repeat(d.dataSent(), random),
                repeat(d.envNames(), random),
                repeat(d.secretNames(), random));
        assertEquals(d.digest(), repeated.digest(), "seed " + seed);
    }

    /** UTF-8 is injective on the text only if it holds no unpaired surrogate: it must decode back. */
    private static void assertEncodesLosslessly(Disclosure d, long seed) {
        byte[] bytes = d.canonical().getBytes(StandardCharsets.UTF_8);
        assertEquals(d.canonical(), new String(bytes, StandardCharsets.UTF_8), "seed " + seed);
    }

    /** The inverse of {@link Disclosure#canonical()}; that one exists is what makes the text unambiguous. */
    static Disclosure read(String canonical) {
        List<String> lines = List.of(canonical.split("\n", -1));
        assertEquals(Disclosure.FORMAT, lines.getFirst());
        assertEquals(FIELDS.size() + 2, lines.size(), canonical);
        assertEquals("", lines.getLast(), "the text ends with a line break");
        List<List<String>> values = new ArrayList<>();
        for (int i = 0; i < FIELDS.size(); i++) {
            String line = lines.get(i + 1);
            String prefix = FIELDS.get(i) + "=";
            assertEquals(prefix, line.substring(0, Math.min(prefix.length(), line.length())), canonical);
            String rest = line.substring(prefix.length());
            values.add(
                    rest.isEmpty()
                            ? List.of()
                            : List.of(rest.split(",", -1)).stream()
                                    .map(DisclosurePropertyTest::unescape)
                                    .toList());
        }
        return new Disclosure(
                values.get(0).getFirst(),
                values.get(1),
                values.get(2),
                values.get(3),
                values.get(4),
                values.get(5),
                values.get(6),
                values.get(7),
                values.get(8),
                values.get(9));
    }

    private static String unescape(String escaped) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c != '%') {
                b.append(c);
            } else if (escaped.charAt(i + 1) == 'u') {
                b.append((char) HexFormat.fromHexDigits(escaped, i + 2, i + 6));
                i += 5;
            } else {
                b.append((char) HexFormat.fromHexDigits(escaped, i + 1, i + 3));
                i += 2;
            }
        }
        return b.toString();
    }

    private static String code(ManifestGenerator g) {
        return InstallFixtures.digest(g.nextInt(4));
    }

    private static Disclosure hostile(SplittableRandom random) {
        return new Disclosure(
                InstallFixtures.digest(random.nextInt(3)),
                values(random),
                values(random),
                values(random),
                values(random),
                values(random),
                values(random),
                values(random),
                values(random),
                values(random));
    }

    private static List<String> values(SplittableRandom random) {
        List<String> out = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            StringBuilder b = new StringBuilder();
            for (int j = 1 + random.nextInt(4); j > 0; j--) {
                b.append(PIECES.get(random.nextInt(PIECES.size())));
            }
            out.add(b.toString());
        }
        return out;
    }

    /**
     * {@code d} and a disclosure that differs from it the way a forger would try: one value split
     * in two, or a value moved to the next field.
     */
    private static Disclosure[] nearMiss(Disclosure d, SplittableRandom random) {
        List<List<String>> fields = new ArrayList<>(List.of(
                d.kinds(),
                d.capabilities(),
                d.hooks(),
                d.policyHooks(),
                d.events(),
                d.networkDestinations(),
                d.dataSent(),
                d.envNames(),
                d.secretNames()));
        int at = random.nextInt(fields.size());
        List<String> field = new ArrayList<>(fields.get(at));
        if (field.isEmpty()) {
            field.add(PIECES.get(random.nextInt(PIECES.size())));
        } else if (random.nextBoolean() || at == fields.size() - 1) {
            String value = field.removeLast();
            int cut = random.nextInt(value.length());
            field.add(value.substring(0, cut + 1));
            if (cut + 1 < value.length()) {
                field.add(value.substring(cut + 1));
            }
        } else {
            List<String> next = new ArrayList<>(fields.get(at + 1));
            next.add(field.removeLast());
            fields.set(at + 1, next);
        }
        fields.set(at, field);
        Disclosure other = new Disclosure(
                d.codeDigest(),
                fields.get(0),
                fields.get(1),
                fields.get(2),
                fields.get(3),
                fields.get(4),
                fields.get(5),
                fields.get(6),
                fields.get(7),
                fields.get(8));
        return new Disclosure[] {d, other};
    }

    private static <T> List<T> shuffle(List<T> list, SplittableRandom random) {
        List<T> out = new ArrayList<>(list);
        for (int i = out.size() - 1; i > 0; i--) {
            Collections.swap(out, i, random.nextInt(i + 1));
        }
        return out;
    }

    private static List<String> repeat(List<String> list, SplittableRandom random) {
        List<String> out = new ArrayList<>(list);
        for (String v : list) {
            if (random.nextBoolean()) {
                out.add(v);
            }
        }
        return shuffle(out, random);
    }
}
