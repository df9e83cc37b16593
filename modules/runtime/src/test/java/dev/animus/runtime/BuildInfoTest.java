package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class BuildInfoTest {
    private static Properties of(String commit, String date) {
        Properties p = new Properties();
        p.setProperty("commit", commit);
        p.setProperty("date", date);
        return p;
    }

    @Test
    void theBuildRecordedItsFixedDateAndACommitOrUnknown() {
        BuildInfo b = BuildInfo.current();
        assertEquals("2026-11-30T00:00:00Z", b.date(), "the build's outputTimestamp, never the clock");
        assertTrue(b.commit().equals("unknown") || b.commit().matches("[0-9a-f]{40}"), b.commit());
    }

    @Test
    void whatIsNoCommitIdOrNoDateIsUnknown() {
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(of("unknown", "")));
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(of("${git.commit}", "${date}")));
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(new Properties()));
        assertEquals(
                "unknown", BuildInfo.of(of("fatal: not a git repository", "x")).commit());
        String id = "0123456789abcdef0123456789abcdef01234567";
        assertEquals(new BuildInfo(id, "2026-11-30T00:00:00Z"), BuildInfo.of(of(id, "2026-11-30T00:00:00Z")));
    }
}
