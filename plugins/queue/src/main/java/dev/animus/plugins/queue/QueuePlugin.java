package dev.animus.plugins.queue;

import dev.animus.sdk.MethodHandler;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-queue}: a {@code queue} of work entries with leases, kept in
 * {@code .animus/queue/queue.db} of its working directory. Its methods and their JSON are in
 * plugins/queue/README.md (and docs/protocol.md#queues).
 */
public final class QueuePlugin {
    static final String NAME = "animus-queue";
    static final String VERSION = "0.1.0";

    /** The answer's code for an id this database does not hold (an application code, docs/protocol.md#error-codes). */
    static final int NOT_FOUND = -32100;

    /** Where the database lives, relative to the working directory. */
    static final Path DATABASE = Path.of(".animus", "queue", "queue.db");

    private QueuePlugin() {}

    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        // a JVM and SQLite's native library: the host's 2 s for the handshake is short on a busy machine
        timeouts.put("launch", "10s");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "queue",
                        "a persistent queue of work entries with leases, kept in SQLite at .animus/queue/queue.db")
                .withManifestExtra("timeouts", timeouts);
    }

    /** The plugin over {@code backend}. */
    static Plugin plugin(Backend backend) {
        return Plugin.builder(definition())
                .method("queue/enqueue", guarded(r -> {
                    Params.Enqueue p = Params.enqueue(r.params());
                    QueueStore.Enqueued e = backend.store().enqueue(p.subjectId(), p.payload(), p.priority());
                    if (e.created()) {
                        backend.arrived();
                    }
                    ObjectNode o = one(e.entry());
                    o.put("created", e.created());
                    return o;
                }))
                .method("queue/lease", guarded(r -> {
                    Params.Lease p = Params.lease(r.params());
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    ArrayNode entries = o.putArray("entries");
                    backend.lease(p).forEach(e -> entries.add(EntryCodec.toJson(e)));
                    return o;
                }))
                .method("queue/heartbeat", guarded(r -> {
                    long n = Params.entryId(r.params());
                    String lease = Params.leaseId(r.params());
                    return one(backend.store().heartbeat(n, lease, Params.heartbeatLease(r.params())));
                }))
                .method("queue/completion", guarded(r -> {
                    long n = Params.entryId(r.params());
                    String lease = Params.leaseId(r.params());
                    Outcome outcome = Params.outcome(r.params());
                    Entry e = backend.store().complete(n, lease, outcome, Params.message(r.params()));
                    if (outcome == Outcome.RETRY) {
                        backend.arrived();
                    }
                    return one(e);
                }))
                .method("queue/list", guarded(r -> {
                    Params.Listing p = Params.listing(r.params());
                    QueueStore.Page page = backend.store().list(p.status(), p.subjectId(), p.limit(), p.after());
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    ArrayNode entries = o.putArray("entries");
                    page.entries().forEach(e -> entries.add(EntryCodec.toJson(e)));
                    page.after().ifPresent(a -> o.put("next_cursor", Long.toString(a)));
                    return o;
                }))
                .method(
                        "queue/stats",
                        guarded(r -> EntryCodec.toJson(backend.store().stats())))
                .method("queue/hold", guarded(r -> one(backend.store().hold(Params.entryId(r.params())))))
                .method("queue/release", guarded(r -> {
                    Entry e = backend.store().release(Params.entryId(r.params()));
                    backend.arrived();
                    return one(e);
                }))
                .method("queue/drop", guarded(r -> {
                    backend.store().drop(Params.entryId(r.params()));
                    return Map.of("ok", true);
                }))
                .build();
    }

    /** The methods served, in the order of the manifest (after {@code $/ping} and {@code health/check}). */
    static final List<String> METHODS = List.of(
            "queue/enqueue",
            "queue/lease",
            "queue/heartbeat",
            "queue/completion",
            "queue/list",
            "queue/stats",
            "queue/hold",
            "queue/release",
            "queue/drop");

    private static ObjectNode one(Entry e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set("entry", EntryCodec.toJson(e));
        return o;
    }

    /** {@code handler} with the store's failures as the protocol's errors. */
    private static MethodHandler guarded(MethodHandler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (NoSuchEntry e) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("category", "not_found");
                data.put("id", e.id());
                throw new PluginError(NOT_FOUND, e.getMessage(), data);
            } catch (Refused e) {
                throw PluginError.invalidParams(e.getMessage());
            } catch (StoreFailed e) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("category", "storage");
                throw new PluginError(PluginError.INTERNAL_ERROR, e.getMessage(), data);
            }
        };
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio over the database of the working directory. */
    public static void main(String[] args) {
        int code;
        try (Backend backend = new Backend(DATABASE, InstantSource.system())) {
            code = plugin(backend).run(args);
        }
        System.exit(code);
    }
}
