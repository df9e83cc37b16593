package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SemVerTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.1.0",
                "0.0.0",
                "10.20.30",
                "1.0.0-alpha",
                "1.0.0-alpha.1",
                "1.0.0-0.3.7",
                "1.0.0-x.7.z.92",
                "1.0.0+20130313144700",
                "1.0.0-beta+exp.sha.5114f85",
                "1.0.0-x-y-z.--"
            })
    void acceptsStrictSemanticVersions(String text) {
        assertEquals(text, SemVer.parse(text).orElseThrow().toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "1",
                "1.1",
                "1.1.0.0",
                "v1.1.0",
                "01.1.0",
                "1.01.0",
                "1.1.01",
                "1.1.0-",
                "1.1.0-01",
                "1.1.0+",
                "1.1.0-a..b",
                " 1.1.0",
                "1.1.0 ",
                "1.1.x",
                "-1.0.0"
            })
    void refusesAnythingElse(String text) {
        assertTrue(SemVer.parse(text).isEmpty(), text);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.0.0-alpha < 1.0.0-alpha.1",
                "1.0.0-alpha.1 < 1.0.0-alpha.beta",
                "1.0.0-alpha.beta < 1.0.0-beta",
                "1.0.0-beta < 1.0.0-beta.2",
                "1.0.0-beta.2 < 1.0.0-beta.11",
                "1.0.0-beta.11 < 1.0.0-rc.1",
                "1.0.0-rc.1 < 1.0.0",
                "1.0.0 < 2.0.0",
                "2.0.0 < 2.1.0",
                "2.1.0 < 2.1.1"
            })
    void ordersAsTheSpecificationSays(String pair) {
        String[] p = pair.split(" < ");
        assertTrue(SemVer.parse(p[0]).orElseThrow().compareTo(SemVer.parse(p[1]).orElseThrow()) < 0, pair);
        assertTrue(SemVer.parse(p[1]).orElseThrow().compareTo(SemVer.parse(p[0]).orElseThrow()) > 0, pair);
    }

    static Stream<Long> seeds() {
        long base = new SplittableRandom().nextLong();
        System.out.println("SemVerTest seed base: " + base);
        return LongStream.range(0, 200).mapToObj(i -> base + i);
    }

    /** Property: any generated valid version round-trips through text, and ordering is antisymmetric. */
    @ParameterizedTest
    @MethodSource("seeds")
    void generatedVersionsRoundTripAndOrderConsistently(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        SemVer a = random(r);
        SemVer b = random(r);
        assertEquals(a, SemVer.parse(a.toString()).orElseThrow(), "seed " + seed);
        assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)), "seed " + seed);
    }

    private static SemVer random(SplittableRandom r) {
        String pre = r.nextInt(3) == 0 ? "" : (r.nextBoolean() ? "rc." + r.nextInt(20) : "alpha");
        String build = r.nextInt(4) == 0 ? "b" + r.nextInt(100) : "";
        return new SemVer(r.nextInt(4), r.nextInt(4), r.nextInt(4), pre, build);
    }
}
