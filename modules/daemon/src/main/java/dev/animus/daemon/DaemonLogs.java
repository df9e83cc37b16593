package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ControlStream;
import dev.animus.core.LogEntry;
import dev.animus.core.LogLevel;
import dev.animus.core.LogSince;
import dev.animus.core.LogSource;
import dev.animus.rpc.IncomingRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code daemon/logs {follow?, plugin?, level?, since?, lines?, source?}} (docs/daemon.md#logs): the
 * routed log entries as a stream of LogEntry objects: the last {@code lines} (default 100) that
 * match, from the log storage plugin's {@code log_storage/query} when one is enabled, else from the
 * events file and its rotated ones; then, with {@code follow}, every matching entry as it is routed.
 */
final class DaemonLogs {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonLogs.class);
    /** Entries held for a slow follower beyond the history, before it lags. */
    private static final int FOLLOW_ROOM = 1024;

    private DaemonLogs() {}

    static void stream(IncomingRequest r, LogRouter router, InstantSource clock, Consumer<ControlStream> track) {
        LogQuery q = query(r, clock);
        boolean follow = Params.flag(r.params(), "follow");
        ControlStream stream = ControlStream.open(r, "daemon", q.lines() + FOLLOW_ROOM);
        track.accept(stream);
        Runnable history = () -> history(router, q).forEach(e -> stream.emit(LogWire.write(e)));
        if (!follow) {
            router.stored(() -> {
                history.run();
                return null;
            });
            stream.close("end");
            return;
        }
        router.follow(
                history,
                e -> {
                    if (q.keeps(e)) {
                        stream.emit(LogWire.write(e));
                    }
                },
                stream::isEnded);
        stream.awaitEnd();
    }

    static LogQuery query(IncomingRequest r, InstantSource clock) {
        var p = r.params();
        Optional<LogLevel> level = Params.optionalText(p, "level")
                .map(l -> LogLevel.ofWord(l.toLowerCase(Locale.ROOT))
                        .orElseThrow(() -> invalid("params.level must be one of " + LogLevel.words())));
        Optional<LogSource> source = Params.optionalText(p, "source")
                .map(s -> LogSource.ofWord(s)
                        .orElseThrow(() -> invalid("params.source must be one of " + LogSource.words())));
        Optional<java.time.Instant> since;
        try {
            since = Params.optionalText(p, "since").map(s -> LogSince.parse(s, clock.instant()));
        } catch (IllegalArgumentException e) {
            throw invalid("params.since: " + e.getMessage());
        }
        int lines = p.path("lines").asInt(100);
        if (lines < 0 || lines > LogQuery.MAX_LINES) {
            throw invalid("params.lines must be 0 to " + LogQuery.MAX_LINES);
        }
        return new LogQuery(level, Params.optionalText(p, "plugin"), source, since, lines);
    }

    private static ControlError invalid(String message) {
        return new ControlError(dev.animus.control.ErrorCategory.INVALID_REQUEST, message);
    }

    private static List<LogEntry> history(LogRouter router, LogQuery q) {
        if (q.lines() == 0) {
            return List.of();
        }
        Optional<String> backend = router.backendName();
        if (backend.isPresent()) {
            try {
                return router.backend().orElseThrow().query(backend.get(), q);
            } catch (RuntimeException e) {
                LOG.warn(
                        "log storage plugin {} failed to answer a query; reading the events file: {}",
                        backend.get(),
                        e.getMessage());
            }
        }
        return fromFiles(router.files(), q);
    }

    /** The last {@code q.lines()} matching entries of {@code files} (newest file first), oldest first. */
    static List<LogEntry> fromFiles(List<Path> files, LogQuery q) {
        ArrayDeque<LogEntry> last = new ArrayDeque<>();
        for (Path file : files) {
            List<LogEntry> kept = new ArrayList<>();
            boolean older = false;
            try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
                for (String line : (Iterable<String>) lines::iterator) {
                    Optional<LogEntry> e = LogWire.read(line);
                    if (e.isEmpty()) {
                        continue;
                    }
                    if (q.since().isPresent() && e.get().ts().isBefore(q.since().get())) {
                        older = true;
                    }
                    if (q.keeps(e.get())) {
                        kept.add(e.get());
                    }
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                LOG.warn("cannot read the log entries of {}: {}", file, e.getMessage());
            }
            for (int i = kept.size() - 1; i >= 0 && last.size() < q.lines(); i--) {
                last.addFirst(kept.get(i));
            }
            if (last.size() >= q.lines() || older) {
                break; // enough, or this file already reaches back before since
            }
        }
        return List.copyOf(last);
    }
}
