package dev.animus.daemon;

import dev.animus.control.ControlStream;
import dev.animus.rpc.IncomingRequest;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code daemon/logs {follow?, lines?, level?, plugin?}}: the daemon's log file as a stream of
 * {@code {line}} values: its last {@code lines} (default 100) lines, then with {@code follow} each
 * line appended later (the file is read again every quarter second; a rotation starts over at the
 * new file). {@code level} keeps lines of that level and above; {@code plugin} keeps lines that
 * name the plugin.
 */
final class DaemonLogs {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonLogs.class);
    private static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR");
    private static final Duration POLL = Duration.ofMillis(250);

    private DaemonLogs() {}

    static void stream(
            IncomingRequest r, Optional<Path> file, int capacity, java.util.function.Consumer<ControlStream> track) {
        boolean follow = Params.flag(r.params(), "follow");
        int lines = r.params().path("lines").asInt(100);
        Optional<String> level = Params.optionalText(r.params(), "level").map(l -> l.toUpperCase(Locale.ROOT));
        if (level.isPresent() && !LEVELS.contains(level.get())) {
            throw new dev.animus.control.ControlError(
                    dev.animus.control.ErrorCategory.INVALID_REQUEST,
                    "params.level must be one of trace, debug, info, warn, error");
        }
        Optional<String> plugin = Params.optionalText(r.params(), "plugin");
        ControlStream stream = ControlStream.open(r, "daemon", capacity);
        track.accept(stream);
        if (file.isEmpty()) {
            stream.close("this daemon logs to its standard error, not to a file");
            return;
        }
        Filter filter = new Filter(level, plugin);
        long offset = tail(file.get(), lines, filter, stream);
        if (!follow) {
            stream.close("end");
            return;
        }
        try {
            while (!stream.isEnded()) { // ended by the client, or by the daemon's stop (tracked)
                Thread.sleep(POLL); // a file has no change event the JDK gives cheaply on every fs
                offset = appended(file.get(), offset, filter, stream);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stream.close("end");
        stream.awaitEnd();
    }

    private record Filter(Optional<String> level, Optional<String> plugin) {
        boolean keeps(String line) {
            if (plugin.isPresent() && !line.contains(plugin.get())) {
                return false;
            }
            if (level.isEmpty()) {
                return true;
            }
            int min = LEVELS.indexOf(level.get());
            for (int i = 0; i < LEVELS.size(); i++) {
                if (line.contains(" " + LEVELS.get(i) + " ")) {
                    return i >= min;
                }
            }
            return true; // a continuation line (a stack trace) goes with its record
        }
    }

    private static long tail(Path file, int lines, Filter filter, ControlStream stream) {
        if (!Files.exists(file)) {
            return 0;
        }
        ArrayDeque<String> last = new ArrayDeque<>();
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (filter.keeps(line)) {
                    last.addLast(line);
                    if (last.size() > lines) {
                        last.removeFirst();
                    }
                }
            }
            last.forEach(l -> stream.emit(JsonNodeFactory.instance.objectNode().put("line", l)));
            return Files.size(file);
        } catch (IOException e) {
            LOG.warn("cannot read the daemon's log {}: {}", file, e.getMessage());
            return 0;
        }
    }

    private static long appended(Path file, long offset, Filter filter, ControlStream stream) {
        try {
            if (!Files.exists(file)) {
                return 0;
            }
            long size = Files.size(file);
            long from = size < offset ? 0 : offset; // rotated: the new file from its start
            if (size == from) {
                return from;
            }
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                f.seek(from);
                byte[] bytes = new byte[(int) Math.min(size - from, 1 << 20)];
                f.readFully(bytes);
                String text = new String(bytes, StandardCharsets.UTF_8);
                int end = text.lastIndexOf('\n');
                if (end < 0) {
                    return from;
                }
                text.substring(0, end)
                        .lines()
                        .filter(filter::keeps)
                        .forEach(l -> stream.emit(
                                JsonNodeFactory.instance.objectNode().put("line", l)));
                return from + text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
            }
        } catch (IOException e) {
            LOG.warn("cannot read the daemon's log {}: {}", file, e.getMessage());
            return offset;
        }
    }
}
