package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code .animus/daemon.toml} (docs/daemon.md#the-work-loop), and the runner's restart backoff. */
class DaemonConfigTest {
    private static final Path FILE = Path.of("/p/.animus/daemon.toml");

    @Test
    void noFileOrNoTableIsTheDefaults() {
        assertEquals(DaemonConfig.DEFAULTS, DaemonConfig.read(Path.of("/nonexistent/project")));
        assertEquals(DaemonConfig.DEFAULTS, DaemonConfig.parse(FILE, "# nothing\n"));
        assertEquals(
                new DaemonConfig.Dispatch(Duration.ofSeconds(5), "dispatch", 4, true),
                DaemonConfig.DEFAULTS.dispatch());
    }

    @Test
    void everyKeyIsRead() {
        DaemonConfig c = DaemonConfig.parse(
                FILE, "[dispatch]\ninterval = \"250ms\"\nlabel = \"auto\"\nconcurrency = 8\nenabled = false\n");
        assertEquals(new DaemonConfig.Dispatch(Duration.ofMillis(250), "auto", 8, false), c.dispatch());
        assertEquals(
                new DaemonConfig.Dispatch(Duration.ofMinutes(1), "dispatch", 4, true),
                DaemonConfig.parse(FILE, "[dispatch]\ninterval = \"1m\"\n").dispatch());
    }

    @Test
    void aBadValueNamesTheFileTheKeyAndTheValuesAllowed() {
        record Bad(String text, String key, String allowed) {}
        for (Bad b : List.of(
                new Bad("[dispatch]\ninterval = \"10ms\"\n", "dispatch.interval", "100ms to 24h"),
                new Bad("[dispatch]\ninterval = 5\n", "dispatch.interval", "100ms to 24h"),
                new Bad("[dispatch]\nconcurrency = 0\n", "dispatch.concurrency", "1 to 64"),
                new Bad("[dispatch]\nconcurrency = \"4\"\n", "dispatch.concurrency", "1 to 64"),
                new Bad("[dispatch]\nenabled = \"yes\"\n", "dispatch.enabled", "true or false"),
                new Bad("[dispatch]\nlabel = \"two words\"\n", "dispatch.label", "letters, digits"),
                new Bad("[dispatch]\nspeed = 1\n", "dispatch.speed", "interval, label, concurrency, enabled"),
                new Bad("[other]\n", "other", "[dispatch]"),
                new Bad("dispatch = 1\n", "dispatch", "[dispatch]"),
                new Bad("[dispatch\n", "", "not TOML"))) {
            var e = assertThrows(DaemonConfig.Invalid.class, () -> DaemonConfig.parse(FILE, b.text()), b.text());
            assertTrue(e.getMessage().startsWith(FILE + ": " + b.key()), e.getMessage());
            assertTrue(e.getMessage().contains(b.allowed()), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
        }
    }

    @Test
    void theRunnerRestartsAfterOneTwoFourSecondsUpToAMinute() {
        List<Long> got = java.util.stream.IntStream.rangeClosed(0, 9)
                .mapToObj(n -> WorkLoop.backoff(n).toSeconds())
                .toList();
        assertEquals(List.of(0L, 1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L), got);
    }
}
