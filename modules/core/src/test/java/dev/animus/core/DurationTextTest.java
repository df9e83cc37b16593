package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest
    @CsvSource({
        "500ms,500",
        "2s,2000",
        "1.5s,1500",
        "30m,1800000",
        "1h,3600000",
        "1m30s,90000",
        "0s,0",
        "1D,86400000",
        " 2s ,2000"
    })
    void parsesWhatOperatorsWrite(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), DurationText.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "s", "2 s", "-1s", "1.s", "2sec", "1y", "1h-2m"})
    void refusesOtherTextNamingItAndTheAcceptedForms(String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> DurationText.parse(text));
        assertTrue(e.getMessage().contains("'" + text + "'") && e.getMessage().contains("500ms"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"250,250ms", "2000,2s", "1500,1.5s", "300000,5m", "5400000,1h30m"})
    void formatsCompactly(long millis, String text) {
        assertEquals(text, DurationText.format(Duration.ofMillis(millis)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0s", "0ms", "0.0001ms", "366d", "8785h", "99999999999999999999d", "106751d"})
    void aDeadlineOutsideItsRangeIsRefusedNamingTheRange(String text) {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> DurationText.parseWithin(text, Duration.ofMillis(1), Duration.ofDays(365)));
        assertEquals("duration '" + text + "' is out of range: give one from 1ms to 365d", e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"1ms,1", "2s,2000", "365d,31536000000"})
    void aDeadlineWithinItsRangeIsParsed(String text, long millis) {
        assertEquals(
                Duration.ofMillis(millis), DurationText.parseWithin(text, Duration.ofMillis(1), Duration.ofDays(365)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1s", "1e3s", "5"})
    void aDeadlineThatIsNoDurationIsRefusedAsSuch(String text) {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> DurationText.parseWithin(text, Duration.ofMillis(1), Duration.ofDays(365)));
        assertTrue(e.getMessage().startsWith("invalid duration '" + text + "'"), e.getMessage());
    }
}
