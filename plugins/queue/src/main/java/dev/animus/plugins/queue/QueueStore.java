package dev.animus.plugins.queue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import org.sqlite.SQLiteConfig;
import tools.jackson.databind.node.ObjectNode;

/**
 * The entries of one SQLite database. Every method is one {@code BEGIN IMMEDIATE} transaction (so
 * the calls of several processes on one file are serialised by SQLite's write lock: two leases
 * never get the same entry) and returns after it committed, so an answer sent with its result
 * describes a durable write. Every method first returns the entries whose lease expired (at or
 * before the clock's now) to pending, counting them in {@link Stats#expired()}; a lease is counted
 * in {@link Entry#attempts()} when it is given.
 *
 * <p>Durability as the tasks plugin's store (decision 038): WAL with {@code synchronous=NORMAL}; a
 * committed write survives kill -9 of this process, a power loss may roll back the last commits.
 * Thread-safe: the one connection is used under a lock. States: open, then closed by
 * {@link #close()} (idempotent).
 */
final class QueueStore implements AutoCloseable {
    /** How long a call waits for another process's write transaction before failing. */
    static final int BUSY_TIMEOUT_MS = 10_000;

    private static final String COLUMNS = EntryRows.COLUMNS;
    private static final SecureRandom LEASE_IDS = new SecureRandom();

    private final Path file;
    private final InstantSource clock;
    private final Connection db;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    /** An {@link #enqueue} answer: the entry, and whether it was made now. */
    record Enqueued(Entry entry, boolean created) {}

    /** A {@link #list} page: the entries, and the id number to list after for the next page. */
    record Page(List<Entry> entries, Optional<Long> after) {
        Page {
            entries = List.copyOf(entries);
        }
    }

    private QueueStore(Path file, InstantSource clock, Connection db) {
        this.file = file;
        this.clock = clock;
        this.db = db;
    }

    /**
     * Opens (creating the file and its directory when missing) and migrates the database at {@code file}.
     *
     * @throws StoreFailed naming the file when it cannot be opened or is of a newer schema
     */
    static QueueStore open(Path file, InstantSource clock) {
        Objects.requireNonNull(clock, "clock");
        Path db = file.toAbsolutePath().normalize();
        try {
            Files.createDirectories(db.getParent());
            // the driver copies its native library into a directory only when none was named
            // (-Dorg.sqlite.lib.path, as the launchers do): then beside the database, never a shared /tmp
            if (System.getProperty("org.sqlite.lib.path") == null && System.getProperty("org.sqlite.tmpdir") == null) {
                System.setProperty("org.sqlite.tmpdir", db.getParent().toString());
            }
            Connection c = connect(db);
            try {
                Migrations.apply(c, db.toString());
                return new QueueStore(db, clock, c);
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
        } catch (java.io.IOException | SQLException e) {
            throw new StoreFailed("cannot open the queue database " + db + ": " + e.getMessage(), e);
        }
    }

    /** A connection in autocommit mode: this class begins and ends its transactions itself. */
    private static Connection connect(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        Connection c = config.createConnection("jdbc:sqlite:" + db);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    Path file() {
        return file;
    }

    /** Queues {@code subjectId}, unless it has an open (pending, leased or held) entry: then that one. */
    Enqueued enqueue(String subjectId, ObjectNode payload, int priority) {
        return write(now -> {
            try (PreparedStatement s = db.prepareStatement("SELECT " + COLUMNS + " FROM entries WHERE subject_id = ?"
                    + " AND status IN ('pending', 'leased', 'held')")) {
                s.setString(1, subjectId);
                try (ResultSet r = s.executeQuery()) {
                    if (r.next()) {
                        return new Enqueued(EntryRows.entry(r), false);
                    }
                }
            }
            long n;
            try (PreparedStatement s = db.prepareStatement("INSERT INTO entries (subject_id, payload, priority, status,"
                    + " enqueued_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?) RETURNING id")) {
                s.setString(1, subjectId);
                s.setString(2, payload.toString());
                s.setInt(3, priority);
                s.setLong(4, now);
                s.setLong(5, now);
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    n = r.getLong(1);
                }
            }
            return new Enqueued(load(n).orElseThrow(), true);
        });
    }

    /** Leases up to {@code max} pending entries to {@code worker} for {@code lease}: by priority (lower first), then age. */
    List<Entry> lease(String worker, Duration lease, int max) {
        return write(now -> {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement s = db.prepareStatement(
                    "SELECT id FROM entries WHERE status = 'pending' ORDER BY priority, id LIMIT ?")) {
                s.setInt(1, max);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        ids.add(r.getLong(1));
                    }
                }
            }
            List<Entry> out = new ArrayList<>();
            try (PreparedStatement s =
                    db.prepareStatement("UPDATE entries SET status = 'leased', attempts = attempts + 1,"
                            + " lease_id = ?, worker = ?, expires_at = ?, updated_at = ? WHERE id = ?")) {
                for (long n : ids) {
                    s.setString(1, newLeaseId());
                    s.setString(2, worker);
                    s.setLong(3, now + lease.toMillis());
                    s.setLong(4, now);
                    s.setLong(5, n);
                    s.executeUpdate();
                    out.add(load(n).orElseThrow());
                }
            }
            return out;
        });
    }

    /** Extends the lease {@code leaseId} of entry {@code n} to {@code lease} from now. */
    Entry heartbeat(long n, String leaseId, Duration lease) {
        return write(now -> {
            held(n, leaseId);
            try (PreparedStatement s =
                    db.prepareStatement("UPDATE entries SET expires_at = ?, updated_at = ? WHERE id = ?")) {
                s.setLong(1, now + lease.toMillis());
                s.setLong(2, now);
                s.setLong(3, n);
                s.executeUpdate();
            }
            return load(n).orElseThrow();
        });
    }

    /** Ends the lease {@code leaseId} of entry {@code n} with {@code outcome} (retry: back to pending). */
    Entry complete(long n, String leaseId, Outcome outcome, Optional<String> message) {
        return write(now -> {
            held(n, leaseId);
            try (PreparedStatement s = db.prepareStatement("UPDATE entries SET status = ?, lease_id = NULL,"
                    + " worker = NULL, expires_at = NULL, outcome = ?, message = ?, updated_at = ? WHERE id = ?")) {
                s.setString(1, outcome.status().wire());
                s.setString(2, outcome.wire());
                if (message.isPresent()) {
                    s.setString(3, message.get());
                } else {
                    s.setNull(3, Types.VARCHAR);
                }
                s.setLong(4, now);
                s.setLong(5, n);
                s.executeUpdate();
            }
            return load(n).orElseThrow();
        });
    }

    /** Entry {@code n} set aside (a lease it had is taken back); a held one is left as it is. */
    Entry hold(long n) {
        return write(now -> {
            Entry e = load(n).orElseThrow(() -> new NoSuchEntry(n));
            return switch (e.status()) {
                case HELD -> e;
                case PENDING, LEASED -> setStatus(n, Status.HELD, now);
                case DONE, FAILED ->
                    throw new Refused("entry_id: entry " + e.id() + " is "
                            + e.status().wire() + "; only a pending or leased entry can be held");
            };
        });
    }

    /** Held entry {@code n} back to pending; a pending one is left as it is. */
    Entry release(long n) {
        return write(now -> {
            Entry e = load(n).orElseThrow(() -> new NoSuchEntry(n));
            return switch (e.status()) {
                case PENDING -> e;
                case HELD -> setStatus(n, Status.PENDING, now);
                case LEASED, DONE, FAILED ->
                    throw new Refused("entry_id: entry " + e.id() + " is "
                            + e.status().wire() + "; only a held entry can be released (queue/hold sets one aside)");
            };
        });
    }

    /** Removes entry {@code n}, whatever its status. */
    void drop(long n) {
        write(now -> {
            try (PreparedStatement s = db.prepareStatement("DELETE FROM entries WHERE id = ?")) {
                s.setLong(1, n);
                if (s.executeUpdate() == 0) {
                    throw new NoSuchEntry(n);
                }
            }
            return null;
        });
    }

    /** Up to {@code limit} entries after id number {@code after}, in id order, of {@code status} (all when empty). */
    Page list(Set<Status> status, Optional<String> subjectId, int limit, long after) {
        return write(now -> {
            StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM entries WHERE id > ?");
            if (!status.isEmpty()) {
                sql.append(status.stream()
                        .map(x -> "'" + x.wire() + "'")
                        .collect(Collectors.joining(", ", " AND status IN (", ")")));
            }
            subjectId.ifPresent(x -> sql.append(" AND subject_id = ?"));
            sql.append(" ORDER BY id LIMIT ?");
            List<Entry> out = new ArrayList<>();
            try (PreparedStatement s = db.prepareStatement(sql.toString())) {
                int i = 1;
                s.setLong(i++, after);
                if (subjectId.isPresent()) {
                    s.setString(i++, subjectId.get());
                }
                s.setInt(i, limit + 1);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(EntryRows.entry(r));
                    }
                }
            }
            if (out.size() <= limit) {
                return new Page(out, Optional.empty());
            }
            List<Entry> page = out.subList(0, limit);
            return new Page(page, Optional.of(page.getLast().number()));
        });
    }

    Stats stats() {
        return write(now -> {
            Map<Status, Long> counts = new EnumMap<>(Status.class);
            try (PreparedStatement s = db.prepareStatement("SELECT status, count(*) FROM entries GROUP BY status");
                    ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    counts.put(Status.of(r.getString(1)).orElseThrow(), r.getLong(2));
                }
            }
            long expired;
            try (PreparedStatement s = db.prepareStatement("SELECT value FROM counters WHERE name = 'expired'");
                    ResultSet r = s.executeQuery()) {
                expired = r.next() ? r.getLong(1) : 0;
            }
            return new Stats(
                    counts.getOrDefault(Status.PENDING, 0L),
                    counts.getOrDefault(Status.LEASED, 0L),
                    counts.getOrDefault(Status.HELD, 0L),
                    counts.getOrDefault(Status.DONE, 0L),
                    counts.getOrDefault(Status.FAILED, 0L),
                    expired);
        });
    }

    /** When the first lease now held expires; empty when none is held. */
    Optional<Instant> earliestExpiry() {
        return write(now -> {
            try (PreparedStatement s =
                            db.prepareStatement("SELECT min(expires_at) FROM entries WHERE status = 'leased'");
                    ResultSet r = s.executeQuery()) {
                r.next();
                long at = r.getLong(1);
                return r.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(at));
            }
        });
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (!closed) {
                closed = true;
                db.close();
            }
        } catch (SQLException e) {
            throw new StoreFailed("closing the queue database " + file + ": " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    @FunctionalInterface
    interface Work<T> {
        T on(Connection db) throws SQLException;
    }

    @FunctionalInterface
    private interface Call<T> {
        /** The call's work at {@code now} (epoch milliseconds), after the expired leases were returned. */
        T at(long now) throws SQLException;
    }

    /** {@code call} in one immediate transaction, after the leases expired by now went back to pending. */
    private <T> T write(Call<T> call) {
        lock.lock();
        try {
            if (closed) {
                throw new StoreFailed("the queue database " + file + " is closed (the plugin is shutting down)");
            }
            return transaction(db, c -> {
                long now = clock.millis();
                reclaim(now);
                return call.at(now);
            });
        } catch (SQLException e) {
            throw new StoreFailed("the queue database " + file + " failed: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code work} in one {@code BEGIN IMMEDIATE} transaction of {@code db} (autocommit mode). */
    static <T> T transaction(Connection db, Work<T> work) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
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

    private void reclaim(long now) throws SQLException {
        int expired;
        try (PreparedStatement s = db.prepareStatement("UPDATE entries SET status = 'pending', lease_id = NULL,"
                + " worker = NULL, expires_at = NULL, updated_at = ? WHERE status = 'leased' AND expires_at <= ?")) {
            s.setLong(1, now);
            s.setLong(2, now);
            expired = s.executeUpdate();
        }
        if (expired > 0) {
            try (PreparedStatement s =
                    db.prepareStatement("UPDATE counters SET value = value + ? WHERE name = 'expired'")) {
                s.setLong(1, expired);
                s.executeUpdate();
            }
        }
    }

    /** @throws Refused unless entry {@code n} is leased under {@code leaseId} */
    private void held(long n, String leaseId) throws SQLException {
        Entry e = load(n).orElseThrow(() -> new NoSuchEntry(n));
        if (e.lease().map(l -> l.leaseId().equals(leaseId)).orElse(false)) {
            return;
        }
        throw Refused.leaseLost(leaseId, n);
    }

    private Entry setStatus(long n, Status status, long now) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("UPDATE entries SET status = ?, lease_id = NULL, worker = NULL,"
                + " expires_at = NULL, updated_at = ? WHERE id = ?")) {
            s.setString(1, status.wire());
            s.setLong(2, now);
            s.setLong(3, n);
            s.executeUpdate();
        }
        return load(n).orElseThrow();
    }

    private Optional<Entry> load(long n) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("SELECT " + COLUMNS + " FROM entries WHERE id = ?")) {
            s.setLong(1, n);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(EntryRows.entry(r)) : Optional.empty();
            }
        }
    }

    /** 128 random bits, in hex. */
    private static String newLeaseId() {
        byte[] bits = new byte[16];
        LEASE_IDS.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
    }
}
