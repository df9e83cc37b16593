/**
 * The first-party queue ({@code animus-queue}): work entries (one per subject at a time) leased to
 * workers for a bounded time, kept in SQLite at {@code .animus/queue/queue.db} of the directory it
 * runs in. A plugin: depends on the sdk and SQLite's JDBC driver only (decision 038), never on a
 * host module; exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.plugins.queue {
    requires dev.animus.sdk;
    requires org.xerial.sqlitejdbc;
}
