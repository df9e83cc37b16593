package dev.animus.triggers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one trigger handled, on disk (docs/daemon.md#triggers): an append-only file of one JSON line
 * per handled event, {@code {"event_id": …, "cursor": …?}}, each line forced to the disk before the
 * event is acknowledged. Reading it back gives the last cursor and the dedup window (the last ids).
 * When it holds more than twice the window's lines it is rewritten (to a temporary file, forced,
 * then renamed over it) as one {@code {"cursor": …}} line and the window's ids.
 *
 * <p>A torn last line (a crash in the middle of a write) is cut off and logged; any other line that
 * is not a record is skipped and logged; no earlier line is ever lost. Thread-safe; {@link #close()}
 * is idempotent, and a closed journal records nothing.
 *
 * @see DedupWindow
 */
public final class TriggerJournal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TriggerJournal.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path file;
    private final DedupWindow window;
    private final ReentrantLock lock = new ReentrantLock();
    private Optional<String> cursor = Optional.empty();
    private FileChannel out;
    private int lines;
    private boolean closed;

    private TriggerJournal(Path file, int capacity) {
        this.file = file;
        this.window = new DedupWindow(capacity);
    }

    /**
     * Opens (or creates, with its directories) the journal at {@code file}, remembering the last
     * {@code capacity} ids.
     *
     * @throws UncheckedIOException naming the file when it cannot be read or written
     */
    public static TriggerJournal open(Path file, int capacity) {
        Objects.requireNonNull(file, "file");
        TriggerJournal j = new TriggerJournal(file, capacity);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            j.load();
            j.out = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("the trigger journal " + file + " cannot be opened: " + e.getMessage(), e);
        }
        return j;
    }

    private void load() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        byte[] all = Files.readAllBytes(file);
        int end = all.length;
        while (end > 0 && all[end - 1] != '\n') {
            end--;
        }
        if (end < all.length) {
            LOG.warn(
                    "trigger journal {}: its last line was torn ({} bytes without an end of line); ignored",
                    file,
                    all.length - end);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(end);
                ch.force(true);
            }
        }
        String text = new String(all, 0, end, StandardCharsets.UTF_8);
        int n = 0;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            n++;
            lines++;
            if (!apply(line)) {
                LOG.warn("trigger journal {}: line {} is not a record; skipped: {}", file, n, abbreviated(line));
            }
        }
    }

    private boolean apply(String line) {
        JsonNode record;
        try {
            record = JSON.readTree(line);
        } catch (JacksonException e) {
            return false;
        }
        if (record == null || !record.isObject()) {
            return false;
        }
        JsonNode id = record.path("event_id");
        JsonNode c = record.path("cursor");
        boolean hasId = id.isString() && !id.stringValue().isEmpty();
        if (!hasId && !c.isString()) {
            return false;
        }
        if (hasId) {
            window.add(id.stringValue());
        }
        if (c.isString()) {
            cursor = Optional.of(c.stringValue());
        }
        return true;
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** The cursor of the last handled event that carried one. */
    public Optional<String> cursor() {
        lock.lock();
        try {
            return cursor;
        } finally {
            lock.unlock();
        }
    }

    /** Whether {@code eventId} is in the window of handled ids. */
    public boolean seen(String eventId) {
        lock.lock();
        try {
            return window.contains(eventId);
        } finally {
            lock.unlock();
        }
    }

    /** The window's ids, oldest first. */
    public List<String> window() {
        lock.lock();
        try {
            return window.ids();
        } finally {
            lock.unlock();
        }
    }

    /** The lines the file holds now. */
    public int lines() {
        lock.lock();
        try {
            return lines;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records a handled event and forces it to the disk before returning (the caller acknowledges
     * it after). Nothing happens once closed.
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public void record(String eventId, Optional<String> eventCursor) {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(eventCursor, "eventCursor");
        ObjectNode line = JSON.createObjectNode().put("event_id", eventId);
        eventCursor.ifPresent(c -> line.put("cursor", c));
        lock.lock();
        try {
            if (closed) {
                return;
            }
            write(out, line);
            out.force(false);
            lines++;
            window.add(eventId);
            eventCursor.ifPresent(c -> cursor = Optional.of(c));
            if (lines > 2 * window.capacity()) {
                compact();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the trigger journal " + file + " cannot be written: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /** Rewrites the file as the cursor and the window; the old file stays whole until the rename. */
    private void compact() throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        int written = 0;
        try (FileChannel ch = FileChannel.open(
                tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            if (cursor.isPresent()) {
                write(ch, JSON.createObjectNode().put("cursor", cursor.get()));
                written++;
            }
            for (String id : window.ids()) {
                write(ch, JSON.createObjectNode().put("event_id", id));
                written++;
            }
            ch.force(true);
        }
        out.close();
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true); // the rename itself survives a crash
        }
        out = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        lines = written;
    }

    private static void write(FileChannel ch, JsonNode line) throws IOException {
        ByteBuffer b = ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    private static String abbreviated(String line) {
        return line.length() <= 80 ? line : line.substring(0, 80) + "…";
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
        } catch (IOException e) {
            LOG.warn("trigger journal {}: closing failed: {}", file, e.getMessage());
        } finally {
            lock.unlock();
        }
    }
}
