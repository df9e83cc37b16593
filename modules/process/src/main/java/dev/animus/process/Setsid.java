package dev.animus.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * util-linux {@code setsid}, which starts a child as the leader of a new session so that its whole
 * tree can be found (and killed) even after the child itself died. Looked up once.
 */
final class Setsid {
    private static final Logger LOG = LoggerFactory.getLogger(Setsid.class);
    private static final Optional<Path> PATH = find();

    private Setsid() {}

    /** Its path; empty (and said once in the log) on a system without it. */
    static Optional<Path> path() {
        return PATH;
    }

    private static Optional<Path> find() {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(dir, "setsid");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        LOG.warn("setsid not found: plugin grandchildren that outlive their parent cannot be tracked");
        return Optional.empty();
    }
}
