package dev.animus.hooks;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Abstention;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.HostHello;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For any answer bytes a plugin writes as its result, the runner returns an outcome within the
 * deadline (and the time to stop the process) and never throws: the real plugin writes each case's
 * bytes verbatim (mode raw). Most cases are JSON near a valid command-risk answer or any JSON value,
 * a few are cut or spliced bytes that may break the frame (the call then times out and the process is killed). A failure
 * names its seed and case.
 */
class HookRunnerPropertyTest {
    private static final Duration DEADLINE = Duration.ofMillis(400);
    /** JSON values (each piece alone is one). */
    private static final List<String> PIECES = List.of(
            "\"read_only\"",
            "\"approve\"",
            "0.95",
            "1",
            "-1",
            "1e309",
            "true",
            "null",
            "\"\\u0000\"",
            "\"\\ud800\"",
            "1.0000001",
            "{}",
            "[]");

    @TempDir
    Path dir;

    @Test
    void anyAnswerBytesGiveAnOutcomeWithinTheDeadline() {
        long seed = 0xb17e5L;
        SplittableRandom random = new SplittableRandom(seed);
        try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(HostHello.animus("test")))) {
            Supervisor plugin = host.register(new PluginRegistration(
                    "hostile",
                    new LaunchSpec(
                            "hostile",
                            Path.of(System.getProperty("animus.testproviders.dir"), "animus-hook-hostile"),
                            EnvironmentPolicy.declaring(Set.of()),
                            Map.of(
                                    "PATH",
                                    System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                                    "HOME",
                                    dir.toString()),
                            Map.of(),
                            Optional.empty()),
                    TimeoutTable.defaults().with(TimeoutTable.LAUNCH, Duration.ofSeconds(20))));
            HookRunner runner = new HookRunner(DEADLINE);
            int answered = 0;
            for (int i = 0; i < 250; i++) {
                byte[] bytes = bytes(random);
                HookInput input =
                        new HookInput.Command("mode:raw " + Base64.getEncoder().encodeToString(bytes));
                long t0 = System.nanoTime();
                HookOutcome outcome;
                try {
                    outcome = runner.call(new Handler.Ready(plugin), input);
                } catch (RuntimeException e) {
                    throw new AssertionError(
                            "seed " + seed + " case " + i + " threw on " + new String(bytes, StandardCharsets.UTF_8),
                            e);
                }
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                assertNotNull(outcome);
                // the deadline, plus the launch of a fresh process after a kill and the kill itself
                assertTrue(
                        took.compareTo(DEADLINE.plusSeconds(5)) < 0, "seed " + seed + " case " + i + " took " + took);
                switch (outcome) {
                    case HookOutcome.Answered a -> answered++;
                    case HookOutcome.Abstained a -> {
                        assertNotEquals(
                                Abstention.Reason.NOT_ALLOWED, a.abstention().reason(), a::toString);
                        if (a.abstention().reason() == Abstention.Reason.TIMEOUT) {
                            plugin.reset(); // five kills in a row would disable it (the crash window)
                        }
                    }
                }
            }
            assertTrue(answered > 40, "too few valid answers generated: " + answered);
        }
    }

    private static byte[] bytes(SplittableRandom r) {
        String[][] triples = {
            {"0.95", "0.04", "0.01"},
            {"1", "0", "0"},
            {"0", "0.9", "0.1"},
            {"0.5", "0.5", "0"},
            {"0.2", "0.3", "0.5"},
            {"1e-7", "0", "0.9999999"}
        };
        String[] t = triples[r.nextInt(triples.length)];
        String valid = "{\"read_only\":%s,\"low_risk\":%s,\"high_risk\":%s}".formatted(t[0], t[1], t[2]);
        int kind = r.nextInt(20);
        if (kind < 8) {
            return valid.getBytes(StandardCharsets.UTF_8);
        }
        if (kind < 15) { // one edit: a field added, dropped or retyped, the sum off
            String edited = switch (r.nextInt(5)) {
                case 0 -> valid.replace("}", ",\"approve\":true}");
                case 1 -> valid.replace("\"read_only\":" + t[0] + ",", "");
                case 2 -> valid.replace(t[1] + ",", "\"" + t[1] + "\",");
                case 3 -> valid.replace("\"high_risk\":" + t[2], "\"high_risk\":" + t[2] + "5");
                default -> valid.replace("}", ",\"note\":\"" + "x".repeat(r.nextInt(1, 2_000)) + "\"}");
            };
            return edited.getBytes(StandardCharsets.UTF_8);
        }
        if (kind < 19) { // any JSON value: pieces that always make one
            return json(r, 3).getBytes(StandardCharsets.UTF_8);
        }
        byte[] raw = valid.getBytes(StandardCharsets.UTF_8); // cut, or a byte replaced: the frame may break
        int at = r.nextInt(raw.length);
        if (r.nextBoolean()) {
            return java.util.Arrays.copyOf(raw, Math.max(1, at));
        }
        raw[at] = (byte) r.nextInt(256);
        return raw;
    }

    private static String json(SplittableRandom r, int depth) {
        return switch (r.nextInt(depth > 0 ? 7 : 5)) {
            case 0 -> PIECES.get(r.nextInt(PIECES.size()));
            case 1 -> String.valueOf(r.nextDouble());
            case 2 -> "null";
            case 3 -> "\"" + "\\u00e9".repeat(r.nextInt(4)) + "\"";
            case 4 ->
                List.of("0", "-0", "1e308", "123456789012345678901234567890", "true", "false")
                        .get(r.nextInt(6));
            case 5 -> "[" + json(r, depth - 1) + "," + json(r, depth - 1) + "]";
            default -> "{\"read_only\":" + json(r, depth - 1) + ",\"k\":" + json(r, depth - 1) + "}";
        };
    }
}
