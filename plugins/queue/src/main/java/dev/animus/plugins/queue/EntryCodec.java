package dev.animus.plugins.queue;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The wire form of entries and stats (plugins/queue/README.md); times RFC 3339 UTC with milliseconds. */
final class EntryCodec {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private EntryCodec() {}

    static String time(Instant t) {
        return TIME.format(t);
    }

    static ObjectNode toJson(Entry e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("id", e.id());
        o.put("subject_id", e.subjectId());
        o.set("payload", e.payload());
        o.put("priority", e.priority());
        o.put("status", e.status().wire());
        o.put("attempts", e.attempts());
        e.lease()
                .ifPresent(l -> o.putObject("lease")
                        .put("lease_id", l.leaseId())
                        .put("worker", l.worker())
                        .put("expires_at", time(l.expiresAt())));
        o.put("enqueued_at", time(e.enqueuedAt()));
        o.put("updated_at", time(e.updatedAt()));
        e.outcome().ifPresent(x -> o.put("outcome", x.wire()));
        e.message().ifPresent(m -> o.put("message", m));
        return o;
    }

    static ObjectNode toJson(Stats s) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("pending", s.pending())
                .put("leased", s.leased())
                .put("held", s.held())
                .put("done", s.done())
                .put("failed", s.failed())
                .put("expired", s.expired());
    }
}
