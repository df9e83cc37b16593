package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which transitions are a call's own (the daemon's process observers skip them), over every pair of states. */
class StatusChangeTest {
    private static final Set<ProcessState> CALLING = EnumSet.of(ProcessState.READY, ProcessState.BUSY);

    @Test
    void onlyReadyAndBusyAmongThemselvesAreACallsOwnTransitions() {
        for (ProcessState from : ProcessState.values()) {
            for (ProcessState to : ProcessState.values()) {
                StatusChange c = new StatusChange("p", from, to, "r", Instant.EPOCH);
                assertEquals(CALLING.contains(from) && CALLING.contains(to), c.callTransition(), from + " -> " + to);
                assertEquals(c.callTransition(), c.announced().callTransition(), "announcing keeps the states");
            }
        }
    }
}
