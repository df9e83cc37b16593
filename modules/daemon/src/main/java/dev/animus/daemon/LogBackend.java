package dev.animus.daemon;

import dev.animus.core.LogEntry;
import dev.animus.core.PluginKind;
import dev.animus.host.CallOptions;
import dev.animus.runtime.Animus;
import dev.animus.runtime.GrantsStamp;
import dev.animus.runtime.PluginHandle;
import dev.animus.runtime.Plugins;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The enabled {@code log_storage_backend} plugin the router stores to and queries
 * (docs/protocol.md#log-storage): the first by name of those enabled for the default agent, looked
 * up again only when the grants changed ({@link GrantsStamp}).
 */
final class LogBackend {
    private static final Duration CALL_LIMIT = Duration.ofSeconds(10);

    private final Animus animus;
    private final PermitCache permits;
    private final ReentrantLock lock = new ReentrantLock();
    private GrantsStamp stamp;
    private Optional<String> name = Optional.empty();

    LogBackend(Animus animus, Plugins plugins) {
        this.animus = animus;
        this.permits = new PermitCache(animus, plugins);
    }

    /** The backend's name, if one is enabled now. */
    Optional<String> name() {
        GrantsStamp now = animus.grantsStamp();
        lock.lock();
        try {
            if (!now.equals(stamp)) {
                stamp = now;
                name = animus.pluginsOfKind(PluginKind.Routed.LOG_STORAGE_BACKEND, "default").stream()
                        .findFirst();
            }
            return name;
        } finally {
            lock.unlock();
        }
    }

    /** {@code log_storage/store {entries[]}} to {@code backend}; throws what the call throws. */
    void store(String backend, List<LogEntry> entries) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        ArrayNode list = params.putArray("entries");
        entries.forEach(e -> list.add(LogWire.write(e)));
        handle(backend).call("log_storage/store", params, CallOptions.defaults().withTimeout(CALL_LIMIT));
    }

    /** {@code log_storage/query} for {@code q}: the matching entries the backend answers, oldest first. */
    List<LogEntry> query(String backend, LogQuery q) {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("limit", q.lines());
        q.minimum().ifPresent(m -> params.put("min_level", m.word()));
        q.source().ifPresent(s -> params.put("source", s.word()));
        q.plugin().ifPresent(p -> params.put("source", "plugin").put("source_name", p));
        q.since().ifPresent(t -> params.put("since", t.toString()));
        JsonNode r = handle(backend)
                .call("log_storage/query", params, CallOptions.defaults().withTimeout(CALL_LIMIT));
        List<LogEntry> entries = new ArrayList<>();
        r.path("entries").forEach(n -> LogWire.read(n).filter(q::keeps).ifPresent(entries::add));
        entries.sort(java.util.Comparator.comparing(LogEntry::ts));
        return entries.size() > q.lines() ? entries.subList(entries.size() - q.lines(), entries.size()) : entries;
    }

    private PluginHandle handle(String backend) {
        return permits.resolve(backend, "default").handle();
    }
}
