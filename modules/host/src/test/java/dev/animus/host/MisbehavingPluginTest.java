package dev.animus.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RequestTimedOut;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The host against a plugin that does everything wrong, one misbehaviour per call. */
class MisbehavingPluginTest {
    private static final Duration CALL = Duration.ofSeconds(10);

    private static ObjectNode obj() {
        return JsonNodeFactory.instance.objectNode();
    }

    private static PluginSession launch() {
        return TestPlugins.launch(TestPlugins.misbehaving());
    }

    @Test
    void aBannerBeforeTheFirstFrameAndGarbageLinesAreSkipped() {
        try (PluginSession s = launch()) {
            JsonNode r = s.call("garbage", obj(), CALL).await();
            assertTrue(r.path("after_garbage").asBoolean(), r.toString());
            assertEquals(
                    obj().put("x", 1), s.call("echo", obj().put("x", 1), CALL).await());
            // the banner, two non-JSON lines and one malformed frame
            assertEquals(4, s.stats().malformed(), s.stats().toString());
        }
    }

    @Test
    void aPrettyPrintedMultiLineAnswerIsRead() {
        try (PluginSession s = launch()) {
            assertTrue(s.call("pretty", obj(), CALL).await().isObject());
        }
    }

    @Test
    void aOneMebibyteResultArrivesWhole() {
        try (PluginSession s = launch()) {
            JsonNode r = s.call("big", obj().put("bytes", 1 << 20), CALL).await();
            String text = r.isString() ? r.stringValue() : r.path("data").asString();
            assertEquals(1 << 20, text.length());
        }
    }

    @Test
    void aTwentyMebibyteFrameIsRejectedAndTheConnectionKeepsWorking() {
        try (PluginSession s = launch()) {
            JsonNode r = s.call("huge-frame", obj().put("bytes", 20 << 20), Duration.ofSeconds(30))
                    .await();
            assertTrue(r.path("after_huge_frame").asBoolean(), r.toString());
            assertEquals(1, s.stats().oversized(), s.stats().toString());
            assertEquals(
                    obj().put("after", true),
                    s.call("echo", obj().put("after", true), CALL).await());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPluginThatExitsMidRequestFailsTheCallAtOnceWithItsExitCodeAndLastStderrLine() {
        try (PluginSession s = launch()) {
            // at once: the exit ends the call (ConnectionLost), its deadline (an hour) is never reached
            ConnectionLost lost = assertThrows(
                    ConnectionLost.class,
                    () -> s.call(
                                    "crash",
                                    obj().put("exit_code", 3).put("stderr", "boom: disk on fire"),
                                    Duration.ofHours(1))
                            .await());
            assertEquals(3, lost.exitCode().orElseThrow(), lost.getMessage());
            assertEquals("boom: disk on fire", lost.stderrTail().getLast());
            assertTrue(lost.getMessage().contains("3"), lost.getMessage());
        }
    }

    @Test
    void callsInFlightWhenThePluginDiesAllFailTogether() {
        try (PluginSession s = launch()) {
            PendingCall hung1 = s.call("hang", obj(), Duration.ofMinutes(5));
            PendingCall hung2 = s.call("hang", obj(), Duration.ofMinutes(5));
            assertThrows(
                    ConnectionLost.class,
                    () -> s.call("crash", obj().put("exit_code", 9), CALL).await());
            assertThrows(ConnectionLost.class, hung1::await);
            assertThrows(ConnectionLost.class, hung2::await);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aHungCallTimesOutAndKillingTheSessionLeavesNoProcess() {
        PluginSession s = launch();
        Set<ProcessHandle> tree = s.processTree();
        assertThrows(
                RequestTimedOut.class,
                () -> s.call("hang", obj(), Duration.ofMillis(500)).await());
        s.kill();
        tree.forEach(h -> assertTrue(!h.isAlive() || PluginSessionTest.isZombie(h), "left: " + h));
    }

    @Test
    void aGrandchildHoldingStdoutNeitherHangsTheHostNorOutlivesTheSession() {
        PluginSession s = launch();
        long grandchild =
                s.call("fork-grandchild", obj(), CALL).await().path("pid").asLong();
        assertTrue(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false));
        s.close();
        ProcessHandle.of(grandchild).ifPresent(h -> assertTrue(!h.isAlive() || PluginSessionTest.isZombie(h)));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPluginThatCrashesWhileItsGrandchildHoldsStdoutStillFailsTheCallAtOnce() {
        try (PluginSession s = launch()) {
            // the grandchild keeps stdout open, so no end of file comes: the plugin's exit alone ends
            // the call (ConnectionLost), long before its deadline (an hour)
            assertThrows(
                    ConnectionLost.class,
                    () -> s.call("fork-grandchild-and-crash", obj(), Duration.ofHours(1))
                            .await());
        }
    }

    @Test
    void aPluginThatIgnoresSigtermAndEofIsKilled() {
        PluginSession s = launch();
        s.call("ignore-sigterm", obj().put("ignore_exit", true), CALL).await();
        Set<ProcessHandle> tree = s.processTree();
        s.shutdown(Duration.ofMillis(300));
        tree.forEach(h -> assertTrue(!h.isAlive() || PluginSessionTest.isZombie(h), "left: " + h));
    }

    @Test
    void aWrongIdLeavesTheCallWaitingUntilItsDeadlineAndTheConnectionUsable() {
        try (PluginSession s = launch()) {
            assertThrows(
                    RequestTimedOut.class,
                    () -> s.call("wrong-id", obj(), Duration.ofMillis(500)).await());
            assertEquals(
                    obj().put("ok", 1), s.call("echo", obj().put("ok", 1), CALL).await());
        }
    }

    @Test
    void aDuplicateAnswerIsDropped() {
        try (PluginSession s = launch()) {
            assertFalse(s.call("duplicate-answer", obj(), CALL).await().isMissingNode());
            assertEquals(
                    obj().put("ok", 2), s.call("echo", obj().put("ok", 2), CALL).await());
        }
    }

    @Test
    void aStderrFloodDoesNotBlockThePlugin() {
        try (PluginSession s = launch()) {
            s.call("stderr-flood", obj().put("lines", 100_000), Duration.ofSeconds(30))
                    .await();
            assertEquals(40, s.stderrTail().size());
        }
    }

    @Test
    void twoAnswersOnOneLineResolveBothCalls() {
        try (PluginSession s = launch()) {
            PendingCall a = s.call("several-per-line", obj(), CALL);
            PendingCall b = s.call("several-per-line", obj(), CALL);
            assertEquals(obj().put("call", 1), a.await());
            assertEquals(obj().put("call", 2), b.await());
        }
    }

    @Test
    void aRequestFromThePluginIsAnsweredAndDoesNotDisturbTheCall() {
        try (PluginSession s = launch()) {
            JsonNode r = s.call("request-host", obj(), CALL).await();
            assertFalse(r.isMissingNode());
        }
    }
}
