package dev.animus.plugins.queue;

import dev.animus.sdk.PluginError;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params of the queue methods, read strictly: a field of the wrong type or value is answered
 * {@code -32602} with a one-line message naming the field and what to pass.
 */
final class Params {
    /** Bounds of a subject id, a worker, a lease id; of a message. */
    static final int SHORT = 1000;

    static final int LONG = 1 << 16;

    static final int DEFAULT_PRIORITY = 100;
    static final Duration DEFAULT_LEASE = Duration.ofMinutes(5);
    static final Duration MAX_LEASE = Duration.ofDays(1);
    static final Duration MAX_WAIT = Duration.ofSeconds(10);
    static final int MAX_LEASED = 100;
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    private Params() {}

    /** {@code queue/enqueue}'s params. */
    record Enqueue(String subjectId, ObjectNode payload, int priority) {}

    /** {@code queue/lease}'s params. */
    record Lease(String worker, Duration lease, int max, Duration waitFor) {}

    /** {@code queue/list}'s params. */
    record Listing(Set<Status> status, Optional<String> subjectId, int limit, long after) {}

    static Enqueue enqueue(JsonNode p) {
        object(p, "params");
        String subject = required(p, "subject_id", "a subject id like task:42");
        JsonNode payload = p.path("payload");
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (!payload.isMissingNode() && !payload.isNull()) {
            if (!(payload instanceof ObjectNode o)) {
                throw bad("payload: must be a JSON object, not " + type(payload));
            }
            body = o;
        }
        return new Enqueue(
                subject, body, (int) whole(p, "priority", 0, 255, DEFAULT_PRIORITY, " (lower is leased first)"));
    }

    static Lease lease(JsonNode p) {
        object(p, "params");
        return new Lease(
                required(p, "worker", "the name of the worker taking the entries"),
                Duration.ofMillis(whole(p, "lease_ms", 1, MAX_LEASE.toMillis(), DEFAULT_LEASE.toMillis(), "")),
                (int) whole(p, "max", 1, MAX_LEASED, 1, ""),
                Duration.ofMillis(whole(p, "wait_ms", 0, MAX_WAIT.toMillis(), 0, "")));
    }

    /** {@code params.entry_id}, as the {@code n} of {@code q:<n>}. */
    static long entryId(JsonNode p) {
        object(p, "params");
        String text = required(p, "entry_id", "an entry id like q:42");
        return EntryId.parse(text).orElseThrow(() -> bad("entry_id: '" + text + "' is not an entry id like q:42"));
    }

    static String leaseId(JsonNode p) {
        return required(p, "lease_id", "the lease_id queue/lease gave");
    }

    static Duration heartbeatLease(JsonNode p) {
        return Duration.ofMillis(whole(p, "lease_ms", 1, MAX_LEASE.toMillis(), DEFAULT_LEASE.toMillis(), ""));
    }

    static Outcome outcome(JsonNode p) {
        String text = required(p, "outcome", "one of " + String.join(", ", Outcome.spellings()));
        return Outcome.of(text)
                .orElseThrow(
                        () -> bad("outcome: '" + text + "' is not one of " + String.join(", ", Outcome.spellings())));
    }

    static Optional<String> message(JsonNode p) {
        return optional(p, "message", LONG);
    }

    static Listing listing(JsonNode p) {
        object(p, "params");
        Set<Status> status = EnumSet.noneOf(Status.class);
        JsonNode s = p.path("status");
        if (!s.isMissingNode() && !s.isNull()) {
            String one = "one of " + String.join(", ", Status.spellings());
            if (!s.isArray()) {
                throw bad("status: must be an array of statuses, each " + one);
            }
            for (JsonNode e : s) {
                String text = e.isString() ? e.stringValue() : e.toString();
                status.add(Status.of(text).orElseThrow(() -> bad("status: '" + text + "' is not " + one)));
            }
        }
        long after = optional(p, "cursor", SHORT)
                .map(c -> {
                    if (!c.matches("[1-9][0-9]{0,17}")) {
                        throw bad("cursor: '" + c + "' is not a cursor this queue gave (pass next_cursor back)");
                    }
                    return Long.parseLong(c);
                })
                .orElse(0L);
        return new Listing(
                status,
                optional(p, "subject_id", SHORT),
                (int) whole(p, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT, ""),
                after);
    }

    static PluginError bad(String message) {
        return PluginError.invalidParams(message);
    }

    private static void object(JsonNode node, String name) {
        if (!node.isObject()) {
            throw bad(name + ": must be a JSON object");
        }
    }

    private static long whole(JsonNode p, String field, long min, long max, long absent, String note) {
        JsonNode v = p.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return absent;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw bad(field + ": must be a whole number from " + min + " to " + max + note + ", not " + v);
        }
        return v.longValue();
    }

    private static String required(JsonNode p, String field, String what) {
        String text = optional(p, field, SHORT).orElseThrow(() -> bad(field + ": missing; pass " + what));
        if (text.isBlank()) {
            throw bad(field + ": must not be blank; pass " + what);
        }
        return text;
    }

    private static Optional<String> optional(JsonNode p, String field, int max) {
        JsonNode v = p.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isString()) {
            throw bad(field + ": must be a string, not " + type(v));
        }
        if (v.stringValue().length() > max) {
            throw bad(field + ": longer than " + max + " characters");
        }
        return Optional.of(v.stringValue());
    }

    private static String type(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
