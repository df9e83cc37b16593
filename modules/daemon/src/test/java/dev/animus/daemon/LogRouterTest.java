package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.LogEntry;
import dev.animus.core.LogLevel;
import dev.animus.host.PluginLogLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class LogRouterTest {
    @TempDir
    Path dir;

    private static PluginLogLine line(String plugin, String level, String message) {
        ObjectNode p = JsonNodeFactory.instance.objectNode().put("level", level).put("message", message);
        return new PluginLogLine(plugin, 1, p);
    }

    private LogRouter router(Path file, long maxBytes, int capacity, InstantSource clock) {
        return LogRouter.start(new LogRouter.Options(Optional.of(file), maxBytes, 3, capacity, false, clock));
    }

    @Test
    void theFileFallbackRotatesKeepingThreeFilesOfWholeEntries() throws IOException {
        Path file = dir.resolve("s.events.jsonl");
        try (LogRouter r = router(file, 2_000, 10_000, InstantSource.system())) {
            for (int i = 0; i < 200; i++) {
                r.accept(line("memo", "info", "entry number " + i));
            }
        }
        List<Path> files = new LogFileSink(Optional.of(file), 2_000, 3).files();
        assertEquals(4, files.size(), "the file and three rotated ones: " + files);
        for (Path f : files) {
            assertTrue(Files.size(f) <= 2_000, f + " is bounded");
            for (String l : Files.readAllLines(f)) {
                assertTrue(LogWire.read(l).isPresent(), "a whole entry a line: " + l);
            }
        }
        List<LogEntry> last = DaemonLogs.fromFiles(
                files, new LogQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), 3));
        assertEquals(
                List.of("entry number 197", "entry number 198", "entry number 199"),
                last.stream().map(LogEntry::message).toList());
    }

    @Test
    void aQueryKeepsTheLevelPluginAndSinceItAsks() {
        Path file = dir.resolve("s.events.jsonl");
        Instant[] now = {Instant.parse("2026-12-02T10:00:00Z")};
        InstantSource clock = () -> now[0];
        try (LogRouter r = router(file, 1 << 20, 10_000, clock)) {
            r.accept(line("memo", "debug", "old debug"));
            r.accept(line("memo", "error", "old error"));
            r.daemonLine("WARN Daemon - the daemon warns");
            now[0] = now[0].plusSeconds(600);
            r.accept(line("memo", "warning", "new warn"));
            r.accept(line("notes", "error", "other plugin"));
        }
        List<Path> files = new LogFileSink(Optional.of(file), 1 << 20, 3).files();
        var warnOfMemo =
                new LogQuery(Optional.of(LogLevel.WARN), Optional.of("memo"), Optional.empty(), Optional.empty(), 100);
        assertEquals(
                List.of("old error", "new warn"),
                DaemonLogs.fromFiles(files, warnOfMemo).stream()
                        .map(LogEntry::message)
                        .toList());
        var since = new LogQuery(
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(Instant.parse("2026-12-02T10:05:00Z")),
                100);
        assertEquals(
                List.of("new warn", "other plugin"),
                DaemonLogs.fromFiles(files, since).stream()
                        .map(LogEntry::message)
                        .toList());
        var daemon = new LogQuery(
                Optional.empty(),
                Optional.empty(),
                Optional.of(dev.animus.core.LogSource.DAEMON),
                Optional.empty(),
                100);
        LogEntry d = DaemonLogs.fromFiles(files, daemon).getFirst();
        assertEquals(LogLevel.WARN, d.level());
        assertEquals("Daemon", d.target());
        assertEquals("the daemon warns", d.message());
    }

    @Test
    void aFullBufferDropsAndSaysSoOnceThereIsRoom() throws IOException {
        Path file = dir.resolve("s.events.jsonl");
        List<LogEntry> followed = new CopyOnWriteArrayList<>();
        try (LogRouter r = router(file, 1 << 20, 10, InstantSource.system())) {
            r.follow(() -> {}, followed::add, () -> false);
            for (int i = 0; i < 5_000; i++) {
                r.accept(line("memo", "info", "n" + i));
            }
            r.accept(new PluginLogLine(
                    "memo", 1, JsonNodeFactory.instance.objectNode().put("level", "info")));
        }
        List<String> warnings = followed.stream()
                .filter(e -> e.level() == LogLevel.WARN)
                .map(LogEntry::message)
                .toList();
        long dropped = warnings.stream()
                .mapToLong(w -> Long.parseLong(w.replaceAll("dropped (\\d+) log entries.*", "$1")))
                .sum();
        long kept = followed.stream().filter(e -> e.level() == LogLevel.INFO).count();
        assertEquals(5_000, kept + dropped, "each entry kept or counted: " + warnings);
        assertTrue(dropped > 0, "a buffer of 10 dropped some");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("1 malformed")), warnings.toString());
    }
}
