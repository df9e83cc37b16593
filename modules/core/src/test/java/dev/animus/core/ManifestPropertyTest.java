package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded properties over random valid manifests; a failure names its seed, which reproduces it. */
class ManifestPropertyTest {

    static LongStream seeds() {
        return LongStream.range(0, 200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void validatingTheRenderingOfAManifestGivesTheSameManifest(long seed) {
        Manifest m = new ManifestGenerator(seed).manifest();
        Map<String, Object> rendered = ManifestRendering.toMap(m);
        ManifestCheck check = ManifestValidator.validate(
                rendered, "seed " + seed, UnknownKeys.REJECT, m.entry().isPresent());
        assertEquals(m, check.manifest(), "seed " + seed + ": " + rendered);
        assertEquals(List.of(), check.warnings(), "seed " + seed);
        assertEquals(rendered, ManifestRendering.toMap(check.manifest()), "seed " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void numbersReadAsLongOrDoubleGiveTheSameManifestAsIntegers(long seed) {
        Manifest m = new ManifestGenerator(seed).manifest();
        Map<String, Object> rendered = new LinkedHashMap<>(ManifestRendering.toMap(m));
        rendered.computeIfPresent(
                "notification_buffer_size",
                (k, v) -> seed % 2 == 0 ? (Object) ((Integer) v).longValue() : (Object) ((Integer) v).doubleValue());
        assertEquals(
                m,
                ManifestValidator.validate(rendered, "seed " + seed, UnknownKeys.WARN, false)
                        .manifest(),
                "seed " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void destinationsNormaliseIdempotentlyAndComeOutSorted(long seed) {
        var g = new ManifestGenerator(seed);
        List<String> given = new ArrayList<>(g.destinations());
        Map<String, Object> raw = new LinkedHashMap<>(ManifestRendering.toMap(g.manifest()));
        raw.put("network", Map.of("destinations", given));
        List<String> normal = ManifestValidator.validate(raw, "seed " + seed, UnknownKeys.REJECT, false)
                .manifest()
                .networkDestinations();
        assertEquals(given.stream().map(NetworkDestinations::normalize).sorted().toList(), normal, "seed " + seed);
        assertEquals(normal, normal.stream().map(NetworkDestinations::normalize).toList(), "seed " + seed);
    }
}
