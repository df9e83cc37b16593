package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MethodTimeoutsTest {

    @ParameterizedTest
    @CsvSource({
        "$/ping,2s",
        "health/check,2s",
        "agent/run,30m",
        "agent/resume,30m",
        "agent/cancel,10s",
        "task/list,2m",
        "linear/update,2m",
        "echo,30s",
        "custom/thing,30s",
        "$/list,30s"
    })
    void defaultsFollowTheLifecycleTable(String method, String expected) {
        assertEquals(Optional.of(DurationText.parse(expected)), MethodTimeouts.defaultFor(method));
    }

    @org.junit.jupiter.api.Test
    void triggerWatchIsLongLived() {
        assertEquals(Optional.<Duration>empty(), MethodTimeouts.defaultFor("trigger/watch"));
    }
}
