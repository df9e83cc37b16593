package dev.animus.daemon;

import dev.animus.core.LogEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The events file, {@code <scope>.events.jsonl}: one {@link LogEntry} of JSON per line, rotated by
 * size as the daemon's log is ({@link DaemonLog}: a line stays whole in one file, {@code keep}
 * rotated files). Opened at the first write. Used by the router's one flushing thread.
 */
final class LogFileSink {
    private static final Logger LOG = LoggerFactory.getLogger(LogFileSink.class);

    private final Optional<Path> path;
    private final long maxBytes;
    private final int keep;
    private DaemonLog out;
    private boolean failing;

    LogFileSink(Optional<Path> path, long maxBytes, int keep) {
        this.path = path;
        this.maxBytes = maxBytes;
        this.keep = keep;
    }

    void write(List<LogEntry> batch) {
        if (path.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        batch.forEach(e -> text.append(LogWire.line(e)).append('\n'));
        try {
            if (out == null) {
                out = DaemonLog.open(path.get(), maxBytes, keep);
            }
            // one write per entry: a rotation falls between entries
            for (String line : text.toString().split("(?<=\n)")) {
                byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
                out.write(bytes, 0, bytes.length);
            }
            failing = false;
        } catch (IOException | DaemonFailure e) {
            if (!failing) {
                failing = true;
                LOG.warn("cannot write the log entries to {}: {}", path.get(), e.getMessage());
            }
        }
    }

    /** The file and its rotated ones that exist, newest first. */
    List<Path> files() {
        if (path.isEmpty()) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        Path p = path.get();
        if (Files.exists(p)) {
            files.add(p);
        }
        for (int i = 1; i <= keep; i++) {
            Path r = p.resolveSibling(p.getFileName() + "." + i);
            if (Files.exists(r)) {
                files.add(r);
            }
        }
        return files;
    }

    void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                LOG.warn("cannot close {}: {}", path.orElseThrow(), e.getMessage());
            }
        }
    }
}
