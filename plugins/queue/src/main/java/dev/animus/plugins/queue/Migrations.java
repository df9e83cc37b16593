package dev.animus.plugins.queue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The database's schema, as numbered steps: step {@code n} takes a database of
 * {@code PRAGMA user_version} {@code n - 1} to {@code n}, in one transaction with the version bump,
 * so a step is either wholly there or not at all (a kill mid-migration leaves the previous version).
 * Steps are only ever appended; a shipped step is never edited. Times are milliseconds since the
 * epoch (UTC).
 */
final class Migrations {
    /** Step {@code i + 1} is {@code STEPS.get(i)}. */
    static final List<List<String>> STEPS = List.of(List.of(
            """
            CREATE TABLE entries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                subject_id TEXT NOT NULL,
                payload TEXT NOT NULL DEFAULT '{}',
                priority INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 255),
                status TEXT NOT NULL CHECK (status IN ('pending', 'leased', 'held', 'done', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                lease_id TEXT,
                worker TEXT,
                expires_at INTEGER,
                enqueued_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                outcome TEXT,
                message TEXT,
                CHECK ((status = 'leased') = (lease_id IS NOT NULL AND worker IS NOT NULL AND expires_at IS NOT NULL)))""",
            "CREATE INDEX entries_next ON entries (status, priority, id)",
            "CREATE INDEX entries_expiry ON entries (expires_at) WHERE status = 'leased'",
            // one open entry per subject: the database itself refuses a second
            "CREATE UNIQUE INDEX entries_open_subject ON entries (subject_id)"
                    + " WHERE status IN ('pending', 'leased', 'held')",
            "CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
            "INSERT INTO counters (name, value) VALUES ('expired', 0)"));

    private Migrations() {}

    /** The version this code writes: the number of steps. */
    static int latest() {
        return STEPS.size();
    }

    /**
     * Brings {@code db} (autocommit mode) to {@link #latest()}.
     *
     * @throws StoreFailed if the database is of a newer version than this code knows
     */
    static void apply(Connection db, String where) throws SQLException {
        int version = version(db);
        if (version > latest()) {
            throw new StoreFailed(where + " has schema version " + version + ", newer than this animus-queue ("
                    + latest() + "); run the animus it was made with, or a newer one");
        }
        for (int step = version + 1; step <= latest(); step++) {
            int n = step;
            QueueStore.transaction(db, c -> {
                // another process may have migrated since the version was read
                if (version(c) >= n) {
                    return null;
                }
                try (Statement s = c.createStatement()) {
                    for (String sql : STEPS.get(n - 1)) {
                        s.execute(sql);
                    }
                    s.execute("PRAGMA user_version = " + n);
                }
                return null;
            });
        }
    }

    /** {@code PRAGMA user_version} of {@code db}. */
    static int version(Connection db) throws SQLException {
        try (Statement s = db.createStatement();
                var rows = s.executeQuery("PRAGMA user_version")) {
            return rows.next() ? rows.getInt(1) : 0;
        }
    }
}
