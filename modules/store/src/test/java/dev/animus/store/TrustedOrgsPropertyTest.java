package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded sequences of records and revokes against a map of decisions; a failure names its seed and step. */
class TrustedOrgsPropertyTest {
    private static final List<String> HOWS = List.of(OrgDecision.PROMPT, OrgDecision.ALLOW_ORG, OrgDecision.YES);
    private static final String LOGIN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";

    @TempDir
    Path dir;

    static LongStream seeds() {
        return LongStream.range(0, 150);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aSequenceOfRecordsAndRevokesKeepsWhatAMapOfFirstDecisionsHolds(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        TrustedOrgs orgs = new TrustedOrgs(dir.resolve("trusted-orgs.toml"), TrustedOrgsTest.WAIT);
        TreeMap<String, OrgDecision> model = new TreeMap<>();
        List<String> pool = List.of(login(random), login(random), login(random), login(random));
        for (int step = 0; step < 8; step++) {
            String at = "seed " + seed + ", step " + step;
            String org = mixedCase(pool.get(random.nextInt(pool.size())), random);
            String key = org.toLowerCase(Locale.ROOT);
            if (random.nextInt(3) == 0) {
                assertEquals(model.remove(key) != null, orgs.revoke(org), at);
            } else {
                OrgDecision d = new OrgDecision(
                        org,
                        HOWS.get(random.nextInt(HOWS.size())),
                        Instant.ofEpochSecond(
                                1_700_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000)));
                OrgDecision kept = model.computeIfAbsent(key, k -> d);
                assertEquals(kept, orgs.record(org, d.how(), d.decidedAt()), at);
            }
            assertEquals(List.copyOf(model.values()), orgs.list(), at);
            assertEquals(Optional.ofNullable(model.get(key)), orgs.find(mixedCase(key, random)), at);
        }
        Path file = orgs.file();
        if (Files.exists(file)) {
            assertArrayEquals(TrustedOrgsText.render(model.values()), Files.readAllBytes(file), "seed " + seed);
        }
    }

    private static String login(SplittableRandom random) {
        StringBuilder b = new StringBuilder().append(LOGIN_CHARS.charAt(random.nextInt(LOGIN_CHARS.length() - 1)));
        for (int i = random.nextInt(39); i > 0; i--) {
            b.append(LOGIN_CHARS.charAt(random.nextInt(LOGIN_CHARS.length())));
        }
        return b.toString();
    }

    private static String mixedCase(String login, SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        for (char c : login.toCharArray()) {
            b.append(random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c));
        }
        return b.toString();
    }
}
