package dev.animus.plugins.tasks;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The database's schema, as numbered steps: step {@code n} takes a database of
 * {@code PRAGMA user_version} {@code n - 1} to {@code n}, in one transaction with the version bump,
 * so a step is either wholly there or not at all (a kill mid-migration leaves the previous version).
 * Steps are only ever appended; a shipped step is never edited.
 */
final class Migrations {
    /** Step {@code i + 1} is {@code STEPS.get(i)}. */
    static final List<List<String>> STEPS = List.of(List.of(
            """
            CREATE TABLE subjects (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT,
                status TEXT NOT NULL,
                priority INTEGER CHECK (priority BETWEEN 0 AND 255),
                assignee TEXT,
                parent INTEGER REFERENCES subjects (id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                custom TEXT NOT NULL DEFAULT '{}')""",
            "CREATE INDEX subjects_ready ON subjects (kind, status, priority)",
            "CREATE INDEX subjects_parent ON subjects (parent)",
            """
            CREATE TABLE labels (
                subject INTEGER NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
                label TEXT NOT NULL,
                PRIMARY KEY (subject, label)) WITHOUT ROWID""",
            "CREATE INDEX labels_by_label ON labels (label, subject)",
            """
            CREATE TABLE comments (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                subject INTEGER NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
                text TEXT NOT NULL,
                at TEXT NOT NULL)""",
            "CREATE INDEX comments_of ON comments (subject, id)",
            """
            CREATE TABLE changes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                subject TEXT NOT NULL,
                change_kind TEXT NOT NULL,
                snapshot TEXT,
                at TEXT NOT NULL)"""));

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
            throw new StoreFailed(where + " has schema version " + version + ", newer than this animus-subject-tasks ("
                    + latest() + "); run the animus it was made with, or a newer one");
        }
        for (int step = version + 1; step <= latest(); step++) {
            int n = step;
            TaskStore.transaction(db, "BEGIN IMMEDIATE", c -> {
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
