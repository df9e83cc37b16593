package dev.animus.plugins.queue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Rows of the {@code entries} table as {@link Entry} values: the columns to select, and their reading. */
final class EntryRows {
    /** The columns {@link #entry} reads, in its order. */
    static final String COLUMNS = "id, subject_id, payload, priority, status, attempts, lease_id, worker,"
            + " expires_at, enqueued_at, updated_at, outcome, message";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private EntryRows() {}

    /** The entry of the row {@code r} is on (selected with {@link #COLUMNS}). */
    static Entry entry(ResultSet r) throws SQLException {
        String leaseId = r.getString(7);
        Optional<Entry.Lease> lease = leaseId == null
                ? Optional.empty()
                : Optional.of(new Entry.Lease(leaseId, r.getString(8), Instant.ofEpochMilli(r.getLong(9))));
        String outcome = r.getString(12);
        return new Entry(
                r.getLong(1),
                r.getString(2),
                (ObjectNode) JSON.readTree(r.getString(3)),
                r.getInt(4),
                Status.of(r.getString(5)).orElseThrow(),
                r.getInt(6),
                lease,
                Instant.ofEpochMilli(r.getLong(10)),
                Instant.ofEpochMilli(r.getLong(11)),
                outcome == null ? Optional.empty() : Outcome.of(outcome),
                Optional.ofNullable(r.getString(13)));
    }
}
