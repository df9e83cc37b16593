package dev.animus.plugins.tasks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;
import tools.jackson.databind.node.ObjectNode;

/**
 * The subjects of one SQLite database: owns two connections, one that writes (each write one
 * {@code BEGIN IMMEDIATE} transaction, so writers of several processes queue and the change log's
 * order is the commit order) and one that reads. Every method returns after its transaction has
 * committed, so an answer sent with its result describes a durable write.
 *
 * <p>Durability: WAL with {@code synchronous=NORMAL}. A commit returns once its WAL frames are
 * written to the file (in the kernel's cache), so it survives the death of this process, kill -9
 * included; it is fsynced at the next checkpoint, so a crash of the machine or a power loss may
 * roll back the last commits, never corrupt the file. ({@code FULL} fsyncs every commit: about
 * 15 ms each on the build machine, which would make a 10,000-task import take minutes.)
 * Thread-safe: each connection is used under its own lock. States: open, then closed by {@link #close()}
 * (idempotent).
 */
final class TaskStore implements AutoCloseable {
    /** How long a write waits for another process's write transaction before failing. */
    static final int BUSY_TIMEOUT_MS = 10_000;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String COLUMNS =
            "id, kind, title, description, status, priority, assignee, parent, created_at, updated_at, custom";

    private final Path file;
    private final InstantSource clock;
    private final Connection writer;
    private final Connection reader;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();

    private TaskStore(Path file, InstantSource clock, Connection writer, Connection reader) {
        this.file = file;
        this.clock = clock;
        this.writer = writer;
        this.reader = reader;
    }

    /**
     * Opens (creating the file and its directory when missing) and migrates the database at
     * {@code file}.
     *
     * @throws StoreFailed naming the file when it cannot be opened or is of a newer schema
     */
    static TaskStore open(Path file, InstantSource clock) {
        Objects.requireNonNull(clock, "clock");
        Path db = file.toAbsolutePath().normalize();
        try {
            Files.createDirectories(db.getParent());
            // the driver copies its native library into a directory only when none was named
            // (-Dorg.sqlite.lib.path, as the launchers do): then beside the database, never a shared /tmp
            if (System.getProperty("org.sqlite.lib.path") == null && System.getProperty("org.sqlite.tmpdir") == null) {
                System.setProperty("org.sqlite.tmpdir", db.getParent().toString());
            }
            Connection writer = connect(db);
            try {
                Migrations.apply(writer, db.toString());
                Connection reader = connect(db);
                return new TaskStore(db, clock, writer, reader);
            } catch (SQLException | RuntimeException e) {
                writer.close();
                throw e;
            }
        } catch (java.io.IOException | SQLException e) {
            throw new StoreFailed("cannot open the tasks database " + db + ": " + e.getMessage(), e);
        }
    }

    /**
     * A connection in autocommit mode: this class begins and ends its transactions itself. (With
     * autocommit off the driver begins the next transaction as soon as one commits, and an
     * immediate one would then hold the write lock between calls, shutting other processes out.)
     */
    private static Connection connect(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        Connection c = config.createConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            s.execute("PRAGMA foreign_keys = ON");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** The database file. */
    Path file() {
        return file;
    }

    /** Creates a subject ({@code ready}) and logs {@code created}. */
    Subject create(Draft d) {
        return write(db -> {
            String now = now();
            d.parent().ifPresent(p -> requireExists(db, p));
            long id;
            try (PreparedStatement s = db.prepareStatement("INSERT INTO subjects (kind, title, description, status,"
                    + " priority, assignee, parent, created_at, updated_at, custom) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    + " RETURNING id")) {
                s.setString(1, d.kind());
                s.setString(2, d.title());
                setText(s, 3, d.description());
                s.setString(4, Status.READY.wire());
                setInt(s, 5, d.priority());
                setText(s, 6, d.assignee());
                setLong(s, 7, d.parent().map(SubjectId::number));
                s.setString(8, now);
                s.setString(9, now);
                s.setString(10, d.custom().toString());
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    id = r.getLong(1);
                }
            }
            for (String label : d.labels()) {
                addLabel(db, id, label);
            }
            Subject made = load(db, new SubjectId(d.kind(), id), true).orElseThrow();
            log(db, made.id(), "created", Optional.of(made), now);
            return made;
        });
    }

    /** The subject {@code id}, with its comments. */
    Subject get(SubjectId id) {
        return read(db -> load(db, id, true).orElseThrow(() -> new NoSuchSubject(id)));
    }

    /** One page of the subjects {@code f} selects, by row number. */
    Page list(Filter f) {
        return read(db -> {
            var q = SubjectQuery.of(f);
            List<Subject> out = new ArrayList<>();
            boolean more = false;
            try (PreparedStatement s = db.prepareStatement("SELECT " + COLUMNS + " FROM subjects s" + q.sql())) {
                q.bind(s);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        if (out.size() == f.limit()) {
                            more = true;
                            break;
                        }
                        out.add(row(db, r, false));
                    }
                }
            }
            Optional<Long> next = more ? Optional.of(out.getLast().id().number()) : Optional.empty();
            return new Page(out, next);
        });
    }

    /** A page of {@link #list}: its subjects and, when there are more, the row number to go on after. */
    record Page(List<Subject> subjects, Optional<Long> after) {
        Page {
            subjects = List.copyOf(subjects);
        }
    }

    /** Applies {@code p} to {@code id} and logs {@code status-changed} (the status changed) or {@code updated}. */
    Subject update(SubjectId id, Patch p) {
        return write(db -> {
            Subject before = load(db, id, false).orElseThrow(() -> new NoSuchSubject(id));
            String now = now();
            ObjectNode custom = before.custom();
            p.custom()
                    .ifPresent(c -> c.properties().forEach(e -> {
                        if (e.getValue().isNull()) {
                            custom.remove(e.getKey());
                        } else {
                            custom.set(e.getKey(), e.getValue());
                        }
                    }));
            try (PreparedStatement s = db.prepareStatement("UPDATE subjects SET title = ?, description = ?, status = ?,"
                    + " priority = ?, assignee = ?, updated_at = ?, custom = ? WHERE id = ?")) {
                s.setString(1, p.title().orElse(before.title()));
                setText(s, 2, p.description().orElse(before.description()));
                s.setString(3, p.status().orElse(before.status()).wire());
                setInt(s, 4, p.priority().orElse(before.priority()));
                setText(s, 5, p.assignee().orElse(before.assignee()));
                s.setString(6, now);
                s.setString(7, custom.toString());
                s.setLong(8, id.number());
                s.executeUpdate();
            }
            for (String label : p.labelsRemove()) {
                try (PreparedStatement s = db.prepareStatement("DELETE FROM labels WHERE subject = ? AND label = ?")) {
                    s.setLong(1, id.number());
                    s.setString(2, label);
                    s.executeUpdate();
                }
            }
            for (String label : p.labelsAdd()) {
                addLabel(db, id.number(), label);
            }
            if (p.comment().isPresent()) {
                try (PreparedStatement s =
                        db.prepareStatement("INSERT INTO comments (subject, text, at) VALUES (?, ?, ?)")) {
                    s.setLong(1, id.number());
                    s.setString(2, p.comment().get());
                    s.setString(3, now);
                    s.executeUpdate();
                }
            }
            Subject after = load(db, id, true).orElseThrow();
            log(db, id, after.status() != before.status() ? "status-changed" : "updated", Optional.of(after), now);
            return after;
        });
    }

    /** Deletes {@code id} (its labels and comments; its children lose their parent) and logs {@code deleted}. */
    void delete(SubjectId id) {
        write(db -> {
            requireExists(db, id);
            try (PreparedStatement s = db.prepareStatement("DELETE FROM subjects WHERE id = ?")) {
                s.setLong(1, id.number());
                s.executeUpdate();
            }
            log(db, id, "deleted", Optional.empty(), now());
            return null;
        });
    }

    /** The {@code ready} subject of {@code kind} to work on next: highest priority, then oldest; no priority last. */
    Optional<Subject> next(String kind) {
        return read(db -> {
            try (PreparedStatement s = db.prepareStatement("SELECT " + COLUMNS + " FROM subjects s WHERE kind = ?"
                    + " AND status = 'ready' ORDER BY priority IS NULL, priority DESC, id LIMIT 1")) {
                s.setString(1, kind);
                try (ResultSet r = s.executeQuery()) {
                    return r.next() ? Optional.of(row(db, r, true)) : Optional.empty();
                }
            }
        });
    }

    /** The change log's last row number; 0 when it is empty. */
    long lastChange() {
        return read(db -> {
            try (PreparedStatement s = db.prepareStatement("SELECT coalesce(max(seq), 0) FROM changes");
                    ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    /** At most {@code max} changes after row {@code seq}, in commit order. */
    List<Change> changesAfter(long seq, int max) {
        return read(db -> {
            List<Change> out = new ArrayList<>();
            try (PreparedStatement s = db.prepareStatement(
                    "SELECT seq, subject, change_kind, snapshot FROM changes WHERE seq > ? ORDER BY seq LIMIT ?")) {
                s.setLong(1, seq);
                s.setInt(2, max);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        String snapshot = r.getString(4);
                        out.add(new Change(
                                r.getLong(1),
                                SubjectId.parse(r.getString(2)).orElseThrow(),
                                r.getString(3),
                                snapshot == null ? Optional.empty() : Optional.of(SubjectCodec.parse(snapshot))));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public void close() {
        writeLock.lock();
        readLock.lock();
        try {
            writer.close();
            reader.close();
        } catch (SQLException e) {
            throw new StoreFailed("closing the tasks database " + file + ": " + e.getMessage(), e);
        } finally {
            readLock.unlock();
            writeLock.unlock();
        }
    }

    @FunctionalInterface
    interface Work<T> {
        T on(Connection db) throws SQLException;
    }

    private <T> T write(Work<T> work) {
        return inTransaction(writeLock, writer, "BEGIN IMMEDIATE", work);
    }

    private <T> T read(Work<T> work) {
        return inTransaction(readLock, reader, "BEGIN", work);
    }

    private <T> T inTransaction(ReentrantLock lock, Connection db, String begin, Work<T> work) {
        lock.lock();
        try {
            return transaction(db, begin, work);
        } catch (SQLException e) {
            throw new StoreFailed("the tasks database " + file + " failed: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code work} in one transaction of {@code db} (autocommit mode), begun with {@code begin}. */
    static <T> T transaction(Connection db, String begin, Work<T> work) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute(begin);
            try {
                T result = work.on(db);
                s.execute("COMMIT");
                return result;
            } catch (SQLException | RuntimeException e) {
                try (Statement undo = db.createStatement()) {
                    undo.execute("ROLLBACK");
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            }
        }
    }

    private String now() {
        return TIME.format(clock.instant());
    }

    /** {@code text} (RFC 3339, any offset) in the store's fixed-width UTC form, for comparisons. */
    static String canonicalTime(String text) {
        return TIME.format(java.time.OffsetDateTime.parse(text).toInstant());
    }

    private static void requireExists(Connection db, SubjectId id) {
        try (PreparedStatement s = db.prepareStatement("SELECT 1 FROM subjects WHERE id = ? AND kind = ?")) {
            s.setLong(1, id.number());
            s.setString(2, id.kind());
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new NoSuchSubject(id);
                }
            }
        } catch (SQLException e) {
            throw new StoreFailed("the tasks database failed: " + e.getMessage(), e);
        }
    }

    private static void addLabel(Connection db, long id, String label) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("INSERT OR IGNORE INTO labels (subject, label) VALUES (?, ?)")) {
            s.setLong(1, id);
            s.setString(2, label);
            s.executeUpdate();
        }
    }

    private static void log(Connection db, SubjectId id, String kind, Optional<Subject> snapshot, String at)
            throws SQLException {
        try (PreparedStatement s =
                db.prepareStatement("INSERT INTO changes (subject, change_kind, snapshot, at) VALUES (?, ?, ?, ?)")) {
            s.setString(1, id.toString());
            s.setString(2, kind);
            setText(s, 3, snapshot.map(x -> SubjectCodec.toJson(x).toString()));
            s.setString(4, at);
            s.executeUpdate();
        }
    }

    private Optional<Subject> load(Connection db, SubjectId id, boolean comments) throws SQLException {
        try (PreparedStatement s =
                db.prepareStatement("SELECT " + COLUMNS + " FROM subjects s WHERE id = ? AND kind = ?")) {
            s.setLong(1, id.number());
            s.setString(2, id.kind());
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(row(db, r, comments)) : Optional.empty();
            }
        }
    }

    private static Subject row(Connection db, ResultSet r, boolean comments) throws SQLException {
        long n = r.getLong(1);
        Optional<SubjectId> parent = Optional.empty();
        long p = r.getLong(8);
        if (!r.wasNull()) {
            parent = Optional.of(kindOf(db, p));
        }
        int priority = r.getInt(6);
        Optional<Integer> prio = r.wasNull() ? Optional.empty() : Optional.of(priority);
        return new Subject(
                new SubjectId(r.getString(2), n),
                r.getString(3),
                Optional.ofNullable(r.getString(4)),
                Status.of(r.getString(5)).orElseThrow(),
                prio,
                Optional.ofNullable(r.getString(7)),
                strings(db, "SELECT label FROM labels WHERE subject = ? ORDER BY label", n),
                parent,
                ids(db, n),
                r.getString(9),
                r.getString(10),
                SubjectCodec.object(r.getString(11)),
                comments ? comments(db, n) : List.of());
    }

    private static SubjectId kindOf(Connection db, long n) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("SELECT kind FROM subjects WHERE id = ?")) {
            s.setLong(1, n);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return new SubjectId(r.getString(1), n);
            }
        }
    }

    private static List<SubjectId> ids(Connection db, long parent) throws SQLException {
        List<SubjectId> out = new ArrayList<>();
        try (PreparedStatement s = db.prepareStatement("SELECT kind, id FROM subjects WHERE parent = ? ORDER BY id")) {
            s.setLong(1, parent);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new SubjectId(r.getString(1), r.getLong(2)));
                }
            }
        }
        return out;
    }

    private static List<String> strings(Connection db, String sql, long n) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = db.prepareStatement(sql)) {
            s.setLong(1, n);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    private static List<Subject.Comment> comments(Connection db, long n) throws SQLException {
        List<Subject.Comment> out = new ArrayList<>();
        try (PreparedStatement s = db.prepareStatement("SELECT text, at FROM comments WHERE subject = ? ORDER BY id")) {
            s.setLong(1, n);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new Subject.Comment(r.getString(1), r.getString(2)));
                }
            }
        }
        return out;
    }

    private static void setText(PreparedStatement s, int i, Optional<String> v) throws SQLException {
        if (v.isPresent()) {
            s.setString(i, v.get());
        } else {
            s.setNull(i, Types.VARCHAR);
        }
    }

    private static void setInt(PreparedStatement s, int i, Optional<Integer> v) throws SQLException {
        if (v.isPresent()) {
            s.setInt(i, v.get());
        } else {
            s.setNull(i, Types.INTEGER);
        }
    }

    private static void setLong(PreparedStatement s, int i, Optional<Long> v) throws SQLException {
        if (v.isPresent()) {
            s.setLong(i, v.get());
        } else {
            s.setNull(i, Types.INTEGER);
        }
    }
}
