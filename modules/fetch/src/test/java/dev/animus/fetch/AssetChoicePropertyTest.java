package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded properties of the asset choice over random releases; a failure names its seed. */
class AssetChoicePropertyTest {
    private static final List<String> OS =
            List.of("linux", "Linux", "darwin", "macos", "windows", "win", "freebsd", "linuxish", "xlinux", "apple");
    private static final List<String> ARCH =
            List.of("amd64", "x86_64", "x64", "arm64", "aarch64", "ARM64", "armv7", "386", "amd64v3", "universal");
    private static final List<String> SEPARATORS = List.of("-", "_", ".", " ", "");
    private static final List<String> SUFFIXES = List.of(
            "",
            ".tar.gz",
            ".tgz",
            ".zip",
            ".exe",
            ".sha256",
            ".sig",
            ".sigstore.json",
            ".deb",
            ".txt",
            ".tar.gz.sha256",
            ".pem");
    private static final List<Platform> PLATFORMS = List.of(
            Platform.of("Linux", "amd64"),
            Platform.of("Linux", "aarch64"),
            Platform.of("Mac OS X", "aarch64"),
            Platform.of("Windows 11", "amd64"),
            Platform.of("FreeBSD", "amd64"));

    static LongStream seeds() {
        return LongStream.range(0, 500);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theChoiceIsAnInstallableAssetNamingThePlatformWhateverTheOrder(long seed) {
        Random random = new Random(seed);
        List<String> names = new ArrayList<>(names(random));
        Platform platform = PLATFORMS.get(random.nextInt(PLATFORMS.size()));
        AssetChoice first = AssetChoice.choose(ReleaseFixtures.release(names.toArray(String[]::new)), platform);
        Collections.shuffle(names, random);
        AssetChoice second = AssetChoice.choose(ReleaseFixtures.release(names.toArray(String[]::new)), platform);
        assertEquals(chosen(first), chosen(second), "seed " + seed + ": the choice depends on the order of " + names);
        if (first instanceof AssetChoice.Chosen c) {
            String name = c.asset().name();
            assertTrue(AssetNames.isInstallable(name), "seed " + seed + ": chose " + name);
            assertTrue(AssetNames.firstToken(name, platform.osTokens()).isPresent(), "seed " + seed + ": " + name);
            assertTrue(AssetNames.firstToken(name, platform.archTokens()).isPresent(), "seed " + seed + ": " + name);
        } else {
            assertFalse(
                    names.stream()
                            .anyMatch(n -> AssetNames.isInstallable(n)
                                    && AssetNames.firstToken(n, platform.osTokens())
                                            .isPresent()
                                    && AssetNames.firstToken(n, platform.archTokens())
                                            .isPresent()),
                    "seed " + seed + ": none chosen for " + platform + " among " + names);
        }
    }

    /** The asset chosen; a None's reason lists the assets in the API's order, so only its kind is compared. */
    private static String chosen(AssetChoice choice) {
        return switch (choice) {
            case AssetChoice.Chosen c -> c.asset().name();
            case AssetChoice.None _ -> "(none)";
        };
    }

    private static Set<String> names(Random random) {
        Set<String> names = new LinkedHashSet<>();
        for (int i = random.nextInt(12); i >= 0; i--) {
            String sep = SEPARATORS.get(random.nextInt(SEPARATORS.size()));
            String os = OS.get(random.nextInt(OS.size()));
            String arch = ARCH.get(random.nextInt(ARCH.size()));
            String body = random.nextBoolean() ? "tool" + sep + os + sep + arch : arch + sep + "unknown" + sep + os;
            names.add(body + SUFFIXES.get(random.nextInt(SUFFIXES.size())));
        }
        return names;
    }
}
