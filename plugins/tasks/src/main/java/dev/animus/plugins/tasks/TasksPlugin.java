package dev.animus.plugins.tasks;

import dev.animus.sdk.MethodHandler;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RawOutput;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-subject-tasks}: a {@code subject_backend} serving the kinds
 * {@code task} and {@code requirement} from {@code .animus/subjects/tasks.db} of its working
 * directory. Its methods and their JSON are in plugins/tasks/README.md.
 */
public final class TasksPlugin {
    static final String NAME = "animus-subject-tasks";
    static final String VERSION = "0.1.0";

    /** The kinds served, in the order the methods are listed. */
    static final List<String> KINDS = List.of("task", "requirement");

    /** The answer's code for an id this database does not hold (an application code, docs/protocol.md#error-codes). */
    static final int NOT_FOUND = -32100;

    /** Where the database lives, relative to the working directory. */
    static final Path DATABASE = Path.of(".animus", "subjects", "tasks.db");

    /** How often a watch reads the change log for writes of other processes. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(50);

    private TasksPlugin() {}

    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        // a JVM and SQLite's native library: the host's 2 s for the handshake is short on a busy machine
        timeouts.put("launch", "10s");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "subject_backend",
                        "tasks and requirements of the project, kept in SQLite at .animus/subjects/tasks.db")
                .withSubjectKinds(KINDS.toArray(String[]::new))
                .withManifestExtra("timeouts", timeouts);
    }

    /** The plugin over {@code backend}. */
    static Plugin plugin(Backend backend) {
        Plugin.Builder b = Plugin.builder(definition());
        for (String kind : KINDS) {
            b.method(kind + "/list", guarded(r -> {
                Filter f = Params.filter(r.params());
                if (f.selectsNoKind(List.of(kind))) {
                    return Map.of("subjects", List.of());
                }
                return page(backend.store().list(f.onlyKind(kind)));
            }));
            b.method(kind + "/get", guarded(r -> one(backend.store().get(Params.id(r.params(), kind)))));
            b.method(
                    kind + "/create",
                    guarded(r -> written(backend, backend.store().create(Params.draft(r.params(), kind)))));
            b.method(kind + "/update", guarded(r -> {
                SubjectId id = Params.id(r.params(), kind);
                return written(backend, backend.store().update(id, Params.patch(r.params())));
            }));
            b.method(kind + "/status", guarded(r -> {
                SubjectId id = Params.id(r.params(), kind);
                return written(backend, backend.store().update(id, Patch.status(Params.status(r.params()))));
            }));
            b.method(kind + "/delete", guarded(r -> {
                backend.store().delete(Params.id(r.params(), kind));
                backend.watches().wake();
                return Map.of("ok", true);
            }));
            b.method(kind + "/next", guarded(r -> {
                ObjectNode result = JsonNodeFactory.instance.objectNode();
                backend.store().next(kind).ifPresent(s -> result.set("subject", SubjectCodec.toJson(s)));
                return result;
            }));
        }
        b.method("subject/schema", r -> schema());
        AtomicLong watchIds = new AtomicLong();
        b.rawMethod("subject/watch", (request, out) -> watch(backend, request, out, "w" + watchIds.incrementAndGet()));
        b.notification("subject/unwatch", n -> {
            JsonNode id = n.path("watch_id");
            if (id.isString()) {
                backend.watches().remove(id.stringValue());
            }
        });
        return b.build();
    }

    /**
     * {@code subject/watch}: answered before the watch starts, so that its first
     * {@code subject/changed} follows the answer; it sees the changes committed after the call.
     */
    private static void watch(Backend backend, JsonNode request, RawOutput out, String watchId) {
        JsonNode id = request.path("id");
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("jsonrpc", "2.0");
        answer.set("id", id);
        try {
            JsonNode params = request.path("params");
            if (params.isMissingNode() || params.isNull()) {
                params = JsonNodeFactory.instance.objectNode();
            }
            Filter filter = Params.filter(params);
            JsonNode kind = params.path("kind");
            if (!kind.isMissingNode() && !kind.isNull()) {
                if (!kind.isString()) {
                    throw Params.bad("kind: must be a string, e.g. task");
                }
                filter = filter.onlyKind(kind.stringValue());
            }
            Watches watches = backend.watches();
            long after = watches.now();
            answer.putObject("result").put("watch_id", watchId);
            out.send(answer);
            watches.add(new Watches.Watch(watchId, id, filter, after, out));
        } catch (PluginError e) {
            answer.putObject("error").put("code", e.code()).put("message", e.message());
            out.send(answer);
        } catch (StoreFailed e) {
            answer.set("error", storageError(e));
            out.send(answer);
        }
    }

    private static ObjectNode schema() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode kinds = o.putArray("kinds");
        KINDS.forEach(kinds::add);
        ArrayNode status = o.putArray("status_values");
        Status.spellings().forEach(status::add);
        o.put("supports_watch", true);
        o.put("supports_create", true);
        o.put("supports_delete", true);
        o.put("supports_pagination", true);
        o.putArray("custom_fields");
        return o;
    }

    private static Object written(Backend backend, Subject s) {
        backend.watches().wake();
        return one(s);
    }

    private static ObjectNode one(Subject s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set("subject", SubjectCodec.toJson(s));
        return o;
    }

    private static ObjectNode page(TaskStore.Page p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode subjects = o.putArray("subjects");
        p.subjects().forEach(s -> subjects.add(SubjectCodec.toJson(s)));
        p.after().ifPresent(a -> o.put("next_cursor", Long.toString(a)));
        return o;
    }

    /** {@code handler} with the store's failures as the protocol's errors. */
    private static MethodHandler guarded(MethodHandler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (NoSuchSubject e) {
                ObjectNode data = JsonNodeFactory.instance.objectNode();
                data.put("category", "not_found");
                data.put("id", e.id());
                throw new PluginError(NOT_FOUND, e.getMessage(), data);
            } catch (StoreFailed e) {
                ObjectNode error = storageError(e);
                throw new PluginError(PluginError.INTERNAL_ERROR, e.getMessage(), error.get("data"));
            }
        };
    }

    private static ObjectNode storageError(StoreFailed e) {
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.put("code", PluginError.INTERNAL_ERROR);
        error.put("message", e.getMessage());
        error.putObject("data").put("category", "storage");
        return error;
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio over the database of the working directory. */
    public static void main(String[] args) {
        int code;
        try (Backend backend = new Backend(DATABASE, InstantSource.system(), POLL_INTERVAL)) {
            code = plugin(backend).run(args);
        }
        System.exit(code);
    }
}
