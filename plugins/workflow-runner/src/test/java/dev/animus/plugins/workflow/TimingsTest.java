package dev.animus.plugins.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class TimingsTest {
    @Test
    void quantilesAreNearestRankInMicrosecondsAndAddedIsTotalLessTheRun() {
        Timings t = new Timings();
        for (int i = 1; i <= 100; i++) {
            t.add(i * 3_000_000L, i * 1_000_000L); // total i*3 ms, of which the run i*1 ms
        }
        JsonNode j = t.json();
        assertEquals(100, j.path("tasks").asInt());
        assertEquals(150_000, j.path("lease_to_done_us").path("p50").asLong());
        assertEquals(50_000, j.path("agent_run_us").path("p50").asLong());
        assertEquals(100_000, j.path("added_us").path("p50").asLong());
        assertEquals(198_000, j.path("added_us").path("p99").asLong());
        assertEquals(200_000, j.path("added_us").path("max").asLong());
    }

    @Test
    void onlyTheLastTenThousandAreKeptAndNoneGiveZeros() {
        assertEquals(0, new Timings().json().path("added_us").path("p50").asLong());
        Timings t = new Timings();
        for (int i = 0; i < Timings.KEPT; i++) {
            t.add(1_000_000_000L, 0); // 1 s each, then overwritten
        }
        for (int i = 0; i < Timings.KEPT; i++) {
            t.add(2_000L, 1_000L);
        }
        assertEquals(Timings.KEPT, t.json().path("tasks").asInt());
        assertEquals(2, t.json().path("lease_to_done_us").path("max").asLong());
    }
}
