/**
 * The first-party subject backend {@code tasks} ({@code animus-subject-tasks}): the subject kinds
 * {@code task} and {@code requirement}, kept in SQLite at {@code .animus/subjects/tasks.db} of the
 * directory it runs in, with a change log that {@code subject/watch} reads. A plugin: depends on the
 * sdk and SQLite's JDBC driver only (decision 038), never on a host module; exports nothing (the
 * launcher starts it with {@code -m}).
 */
module dev.animus.plugins.tasks {
    requires dev.animus.sdk;
    requires org.xerial.sqlitejdbc;
}
