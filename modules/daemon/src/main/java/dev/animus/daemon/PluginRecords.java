package dev.animus.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's record of the plugin processes it spawned, {@code <scope>.plugins.json}
 * (docs/operations.md#orphaned-plugins-are-reaped): each one's pid, start time and boot, rewritten
 * atomically on every change, so that a daemon killed with SIGKILL leaves behind exactly the
 * processes the next one must reap ({@link OrphanReaper}). {@link #close()} (a clean exit, after
 * every plugin stopped) removes the file. Thread-safe.
 */
public final class PluginRecords implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final long MAX_BYTES = 4L * 1024 * 1024;

    private final Path file;
    private final Map<Long, PluginRecord> live = new LinkedHashMap<>();
    private boolean closed;

    private PluginRecords(Path file) {
        this.file = file;
    }

    /**
     * Starts the record of the daemon that holds {@code lock}, empty.
     *
     * @throws IllegalStateException when the file still holds a previous daemon's records: reap
     *     them first ({@link OrphanReaper#reap})
     * @throws DaemonFailure {@link DaemonFailure.Reason#FILES} when the file cannot be written
     */
    public static PluginRecords open(DaemonLock lock) {
        Path file = lock.scope().pluginsFile();
        if (!read(file).isEmpty()) {
            throw new IllegalStateException("the plugin records " + file + " of a previous daemon are not reaped yet");
        }
        PluginRecords records = new PluginRecords(file);
        records.write();
        return records;
    }

    /**
     * Records that {@code plugin} was spawned as {@code pid}, with its start time read now. A
     * process already gone is not recorded (there is nothing left to reap), nor is any without
     * {@code /proc} (a reused pid could not be told from it). Returns the record written, or
     * nothing.
     */
    public synchronized Optional<PluginRecord> spawned(String plugin, long pid) {
        Objects.requireNonNull(plugin, "plugin");
        requireOpen();
        OptionalLong ticks = Procfs.startTicks(pid);
        if (ticks.isEmpty()) {
            return Optional.empty();
        }
        PluginRecord r = new PluginRecord(plugin, pid, ticks.getAsLong(), Procfs.bootId());
        live.put(pid, r);
        write();
        return Optional.of(r);
    }

    /** Records that the process {@code pid} ended (or was stopped); unknown pids are ignored. */
    public synchronized void exited(long pid) {
        requireOpen();
        if (live.remove(pid) != null) {
            write();
        }
    }

    /** What is recorded now, in the order of spawning. */
    public synchronized List<PluginRecord> current() {
        return List.copyOf(live.values());
    }

    /** The record file. */
    public Path file() {
        return file;
    }

    /**
     * A clean exit: removes the file (call it after every plugin has stopped). Idempotent.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#FILES} when the file cannot be removed
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        live.clear();
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw failure("remove", file, e);
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the plugin records are closed");
        }
    }

    private void write() {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode plugins = root.putArray("plugins");
        for (PluginRecord r : live.values()) {
            ObjectNode o = plugins.addObject();
            o.put("plugin", r.plugin());
            o.put("pid", r.pid());
            o.put("start_ticks", r.startTicks());
            o.put("boot_id", r.bootId());
        }
        try {
            AtomicWrite.write(
                    file,
                    (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
                            .getBytes(StandardCharsets.UTF_8),
                    AtomicWrite.PRIVATE);
        } catch (IOException e) {
            throw failure("write", file, e);
        }
    }

    /**
     * The records in {@code file}; empty when it is missing. An unreadable entry is skipped; a
     * file that is not such a document at all reads as empty.
     */
    public static List<PluginRecord> read(Path file) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                return List.of();
            }
            JsonNode root = JSON.readTree(Files.readAllBytes(file));
            List<PluginRecord> records = new ArrayList<>();
            for (JsonNode n : root.path("plugins")) {
                if (n.path("pid").canConvertToLong() && n.path("pid").asLong() > 0) {
                    records.add(new PluginRecord(
                            n.path("plugin").asString(""),
                            n.path("pid").asLong(),
                            n.path("start_ticks").asLong(0),
                            n.path("boot_id").asString("")));
                }
            }
            return List.copyOf(records);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            return List.of();
        }
    }

    private static DaemonFailure failure(String verb, Path file, Exception e) {
        return new DaemonFailure(
                DaemonFailure.Reason.FILES,
                "cannot " + verb + " the plugin records " + file + ": " + e.getMessage(),
                "check the run directory " + file.getParent(),
                e);
    }
}
