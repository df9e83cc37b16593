package dev.animus.testplugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The misbehaving plugin does, over real pipes, what its javadoc promises the host's tests. */
class MisbehavingPluginTest {

    private static final Path LAUNCHER = PluginUnderTest.launcher("animus-plugin-misbehaving");

    @TempDir
    Path dir;

    private PluginUnderTest startReady() {
        var plugin = PluginUnderTest.start(LAUNCHER, Map.of("PATH", "/usr/bin:/bin"), dir);
        assertEquals(Optional.of("misbehaving plugin starting..."), plugin.nextLine());
        plugin.handshake();
        return plugin;
    }

    @Test
    void protocolBreakagesComeOutExactlyAsDocumented() {
        try (var plugin = startReady()) {
            plugin.request(1, "garbage", null);
            assertEquals("this line is not JSON", plugin.nextLine().orElseThrow());
            assertEquals("<<< neither is this >>>", plugin.nextLine().orElseThrow());
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":}",
                    plugin.nextLine().orElseThrow());
            assertTrue(plugin.nextFrame().get("result").get("after_garbage").asBoolean());

            plugin.request(2, "pretty", null);
            var pretty = new StringBuilder();
            String line;
            do {
                line = plugin.nextLine().orElseThrow();
                pretty.append(line).append('\n');
            } while (!line.equals("}"));
            assertTrue(pretty.toString().lines().count() > 5, pretty.toString());

            plugin.request(3, "several-per-line", null);
            plugin.request(4, "several-per-line", null);
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"call\":1}}"
                            + "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{\"call\":2}}",
                    plugin.nextLine().orElseThrow());
            plugin.request(5, "several-per-line", "{\"with_notification\":true}");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"call\":1}} {\"jsonrpc\":\"2.0\","
                            + "\"method\":\"$/progress\",\"params\":{\"id\":5,\"value\":{\"index\":0}}}",
                    plugin.nextLine().orElseThrow());

            plugin.request(6, "wrong-id", null);
            assertEquals(1006, plugin.nextFrame().get("id").asInt());
            plugin.request("s", "wrong-id", null);
            assertEquals("wrong-s", plugin.nextFrame().get("id").asString());

            plugin.request(7, "duplicate-answer", null);
            assertEquals(1, plugin.nextFrame().get("result").get("answer").asInt());
            assertEquals(2, plugin.nextFrame().get("result").get("answer").asInt());

            plugin.request(8, "request-host", null);
            JsonNode hostRequest = plugin.nextFrame();
            assertEquals("p1", hostRequest.get("id").asString());
            assertEquals("host/whatever", hostRequest.get("method").asString());
            assertEquals(
                    "host/whatever",
                    plugin.nextFrame().get("result").get("sent").asString());
        }
    }

    @Test
    void bigAnswersAndAHugeFrameToNobodyHaveTheirDocumentedSizes() {
        try (var plugin = startReady()) {
            assertEquals(
                    1 << 20,
                    plugin.call(1, "big", null).get("result").asString().length());
            plugin.request(2, "huge-frame", null);
            String huge = plugin.nextLine().orElseThrow();
            assertTrue(huge.length() > 20 << 20, "length " + huge.length());
            assertTrue(huge.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"nobody-waits\""), huge.substring(0, 60));
            assertTrue(plugin.nextFrame().get("result").get("after_huge_frame").asBoolean());
        }
    }

    @Test
    void aStderrFloodIsWrittenBeforeTheAnswer() {
        try (var plugin = startReady()) {
            assertEquals(
                    5000,
                    plugin.call(1, "stderr-flood", "{\"lines\":5000}")
                            .get("result")
                            .get("lines")
                            .asInt());
            plugin.closeStdin();
            assertEquals(0, plugin.exitCode());
            assertTrue(plugin.stderr().contains("stderr flood line 4999 of 5000"), "stderr tail missing");
        }
    }

    @Test
    void aNotificationFloodSendsEveryNotificationBeforeTheAnswer() {
        try (var plugin = startReady()) {
            plugin.request(1, "notification-flood", "{\"count\":3000}");
            for (int i = 0; i < 3000; i++) {
                JsonNode progress = plugin.nextFrame();
                assertEquals("$/progress", progress.get("method").asString());
                assertEquals(1, progress.get("params").get("id").asInt());
                assertEquals(i, progress.get("params").get("value").get("index").asInt());
                JsonNode flood = plugin.nextFrame();
                assertEquals("misbehaving/flood", flood.get("method").asString());
                assertEquals(i, flood.get("params").get("index").asInt());
            }
            JsonNode answer = plugin.nextFrame();
            assertEquals(1, answer.get("id").asInt());
            assertEquals(6000, answer.get("result").get("notifications").asInt());
        }
    }

    @Test
    void slowAnswersAfterItsDelay() {
        try (var plugin = startReady()) {
            long start = System.nanoTime();
            plugin.request(1, "slow", "{\"ms\":300}");
            JsonNode answer = plugin.nextFrame();
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(1, answer.get("id").asInt());
            assertEquals(300, answer.get("result").get("slept_ms").asInt(), answer.toString());
            assertTrue(elapsedMs >= 300, "answered after " + elapsedMs + " ms");
        }
    }

    @Test
    void crashExitsMidRequestWithItsCodeAndItsStderrLines() {
        try (var plugin = startReady()) {
            plugin.request(1, "crash", "{\"exit_code\":7,\"stderr\":[\"first words\",\"last words\"]}");
            assertEquals(Optional.empty(), plugin.nextLine());
            assertEquals(7, plugin.exitCode());
            assertTrue(plugin.stderr().contains("first words\nlast words\n"), plugin.stderr());
        }
    }

    @Test
    void hangNeverAnswersEvenWhenCancelled() {
        try (var plugin = startReady()) {
            plugin.request(1, "hang", null);
            plugin.notify("$/cancelRequest", "{\"id\":1}");
            assertEquals(2, plugin.call(2, "$/ping", null).get("id").asInt());
        }
    }

    @Test
    void ignoreSigtermIgnoresItForRealAndOnlySigkillEndsThePlugin() throws IOException, InterruptedException {
        try (var plugin = startReady()) {
            plugin.call(1, "ignore-sigterm", "{\"ignore_exit\":true}");
            assertTrue(ignores(plugin.pid(), 15), "SIGTERM is not in SigIgn of " + plugin.pid());
            // not Process.destroy(): it closes the pipes after signalling
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-TERM", "" + plugin.pid())
                            .start()
                            .waitFor());
            assertEquals(2, plugin.call(2, "$/ping", null).get("id").asInt());
            plugin.process().destroyForcibly();
            assertEquals(128 + 9, plugin.exitCode());
        }
    }

    @Test
    void forkGrandchildLeavesASleepHoldingThePluginsStdout() throws IOException {
        try (var plugin = startReady()) {
            long grandchild = plugin.call(1, "fork-grandchild", null)
                    .get("result")
                    .get("pid")
                    .asLong();
            try {
                assertEquals(
                        Files.readSymbolicLink(Path.of("/proc", "" + plugin.pid(), "fd", "1")),
                        Files.readSymbolicLink(Path.of("/proc", "" + grandchild, "fd", "1")));
            } finally {
                ProcessHandle.of(grandchild).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void forkGrandchildAndCrashExitsWithoutAnAnswerAndNamesTheGrandchildOnStderr() {
        try (var plugin = startReady()) {
            plugin.request(1, "fork-grandchild-and-crash", "{\"exit_code\":5}");
            assertEquals(5, plugin.exitCode());
            var pid = plugin.stderr()
                    .lines()
                    .filter(l -> l.contains("grandchild pid "))
                    .findFirst()
                    .map(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)));
            assertTrue(pid.isPresent(), plugin.stderr());
            assertTrue(ProcessHandle.of(pid.get()).map(ProcessHandle::isAlive).orElse(false));
            ProcessHandle.of(pid.get()).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void theManifestProbeGetsNoBanner() {
        try (var plugin = PluginUnderTest.start(LAUNCHER, Map.of(), dir, "--manifest")) {
            assertEquals("misbehaving", plugin.nextFrame().get("name").asString());
            assertEquals(Optional.empty(), plugin.nextLine());
            assertEquals(0, plugin.exitCode());
            assertFalse(plugin.stderr().contains("starting"), plugin.stderr());
        }
    }

    /** Whether {@code signal} is in the SigIgn mask of process {@code pid}. */
    private static boolean ignores(long pid, int signal) throws IOException {
        String mask = Files.readAllLines(Path.of("/proc", "" + pid, "status")).stream()
                .filter(l -> l.startsWith("SigIgn:"))
                .findFirst()
                .orElseThrow()
                .substring(7)
                .trim();
        return (Long.parseUnsignedLong(mask, 16) & (1L << (signal - 1))) != 0;
    }
}
