package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EnvironmentPolicyTest {
    private static final Map<String, String> CALLER = Map.of(
            "PATH",
            "/usr/bin",
            "HOME",
            "/home/op",
            "SECRET_TOKEN",
            "x",
            "AWS_SECRET_ACCESS_KEY",
            "y",
            "LANG",
            "C.UTF-8",
            "API_URL",
            "https://example.test",
            "LD_PRELOAD",
            "/tmp/evil.so");

    @Test
    void probesGetTheBaseAllowlistOnly() {
        assertEquals(
                Map.of("PATH", "/usr/bin", "HOME", "/home/op", "LANG", "C.UTF-8"),
                EnvironmentPolicy.baseOnly().environmentFor(CALLER, Map.of()));
    }

    @Test
    void declaredNamesAreForwardedFromTheCaller() {
        var env = EnvironmentPolicy.declaring(Set.of("API_URL")).environmentFor(CALLER, Map.of());
        assertEquals("https://example.test", env.get("API_URL"));
        assertTrue(!env.containsKey("SECRET_TOKEN") && !env.containsKey("LD_PRELOAD"));
    }

    @Test
    void extrasCanNeverIntroduceAnUndeclaredName() {
        var env = EnvironmentPolicy.declaring(Set.of("API_URL"))
                .environmentFor(CALLER, Map.of("API_URL", "override", "LD_PRELOAD", "/tmp/x.so"));
        assertEquals("override", env.get("API_URL"));
        assertTrue(!env.containsKey("LD_PRELOAD"));
    }

    @Test
    void refusesNamesThatAreNotEnvironmentVariableNames() {
        var e = assertThrows(IllegalArgumentException.class, () -> EnvironmentPolicy.declaring(Set.of("A=B")));
        assertTrue(e.getMessage().contains("A=B"));
    }

    static Stream<Long> seeds() {
        long base = new SplittableRandom().nextLong();
        System.out.println("EnvironmentPolicyTest seed base: " + base);
        return LongStream.range(0, 100).mapToObj(i -> base + i);
    }

    /** Property: every name in the result is allowlisted or declared, whatever caller and extras hold. */
    @ParameterizedTest
    @MethodSource("seeds")
    void theResultNeverHoldsAnUndeclaredName(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String[] pool = {"PATH", "HOME", "TZ", "A", "B", "C", "SECRET", "TOKEN", "LANG", "X_1"};
        Map<String, String> caller = new HashMap<>();
        Map<String, String> extras = new HashMap<>();
        Set<String> declared = new HashSet<>();
        for (String n : pool) {
            if (r.nextBoolean()) caller.put(n, "c");
            if (r.nextInt(3) == 0) extras.put(n, "e");
            if (r.nextInt(3) == 0) declared.add(n);
        }
        var env = EnvironmentPolicy.declaring(declared).environmentFor(caller, extras);
        for (String name : env.keySet()) {
            assertTrue(
                    EnvironmentPolicy.BASE_ALLOWLIST.contains(name) || declared.contains(name),
                    "seed " + seed + ": " + name);
        }
    }

    @Test
    void pathKeepsOnlyAbsoluteEntries() {
        var caller = Map.of("PATH", "bin:/usr/local/bin::.:/usr/bin:./tools:/bin:");
        assertEquals(
                "/usr/local/bin:/usr/bin:/bin",
                EnvironmentPolicy.baseOnly().environmentFor(caller, Map.of()).get("PATH"));
        assertEquals(Optional.empty(), EnvironmentPolicy.absoluteEntries("bin:.::"));
        Assertions.assertFalse(
                EnvironmentPolicy.baseOnly()
                        .environmentFor(Map.of("PATH", "bin:."), Map.of())
                        .containsKey("PATH"),
                "an empty PATH would mean the working directory: none is passed");
        assertEquals(
                "/x",
                EnvironmentPolicy.declaring(Set.of("PATH"))
                        .environmentFor(Map.of(), Map.of("PATH", "rel:/x"))
                        .get("PATH"),
                "extras are filtered too");
    }
}
