package dev.animus.plugins.queue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The test's own look into a project's queue database, with the driver loading the build's native library. */
final class Database {
    private Database() {}

    static Path file(Path project) {
        return project.resolve(".animus/queue/queue.db");
    }

    /** Makes the driver load the library the launcher names, so that it copies nothing into java.io.tmpdir. */
    static void useBuildLibrary() {
        Path launcher = Path.of(System.getProperty("animus.queue.launcher"));
        System.setProperty(
                "org.sqlite.lib.path", launcher.resolveSibling("sqlitejdbc").toString());
    }

    static Connection open(Path project) throws SQLException {
        useBuildLibrary();
        return DriverManager.getConnection("jdbc:sqlite:" + file(project));
    }

    static String one(Connection db, String sql) throws SQLException {
        try (var s = db.createStatement();
                var r = s.executeQuery(sql)) {
            return r.next() ? r.getString(1) : null;
        }
    }
}
