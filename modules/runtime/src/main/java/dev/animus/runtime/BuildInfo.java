package dev.animus.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What the build recorded about itself: the commit it was built from and its date (the build's
 * fixed {@code project.build.outputTimestamp}, so two builds of one commit are the same bytes).
 * Read from the {@code build.properties} the build writes into this module; {@code "unknown"} for
 * what it could not know (a build from a tree without git) or when run from classes without it.
 *
 * @param commit the full commit id, or {@code "unknown"}
 * @param date the build date, ISO-8601 ({@code 2026-11-30T00:00:00Z}), or {@code "unknown"}
 */
public record BuildInfo(String commit, String date) {
    static final String UNKNOWN = "unknown";

    /** This build's facts. */
    public static BuildInfo current() {
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                return new BuildInfo(UNKNOWN, UNKNOWN);
            }
            Properties p = new Properties();
            p.load(in);
            return of(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read this build's build.properties", e);
        }
    }

    /** The facts {@code p} holds: a commit that is no commit id, or an empty date, is unknown. */
    static BuildInfo of(Properties p) {
        String commit = p.getProperty("commit", "").strip();
        String date = p.getProperty("date", "").strip();
        return new BuildInfo(
                commit.matches("[0-9a-f]{7,64}") ? commit : UNKNOWN,
                date.isEmpty() || date.startsWith("${") ? UNKNOWN : date);
    }
}
