package dev.animus.shell.tour;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

/**
 * A private (0700) directory under {@code $TMPDIR} that stands in for a user's machine during the
 * tour: {@code <dir>/home} is the animus home, {@code <dir>} itself the project (it has no
 * {@code .animus}, so the lockfile is the home's). {@link #close()} removes it with everything in
 * it, unless it is kept. States: open → closed (idempotent). Not thread-safe: one tour owns it.
 */
final class ThrowawayHome implements AutoCloseable {
    private final Path dir;
    private final boolean keep;
    private boolean closed;

    private ThrowawayHome(Path dir, boolean keep) {
        this.dir = dir;
        this.keep = keep;
    }

    /**
     * @param keep whether {@link #close()} leaves the directory in place
     * @throws CommandFailed when the directory cannot be created
     */
    static ThrowawayHome create(Map<String, String> callerEnvironment, boolean keep) {
        String tmp = callerEnvironment.get("TMPDIR");
        Path root = tmp == null || tmp.isBlank() ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(tmp);
        try {
            Path dir = Files.createTempDirectory(
                    root,
                    "animus-tour-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return new ThrowawayHome(dir.toRealPath(), keep);
        } catch (IOException e) {
            throw new CommandFailed(
                    ExitCodes.FAILED,
                    "io_error",
                    "cannot create a throwaway home in " + root + ": " + e.getMessage()
                            + " (set TMPDIR to a writable directory)");
        }
    }

    /** The whole throwaway directory, and the tour's project. */
    Path directory() {
        return dir;
    }

    /** {@code $ANIMUS_HOME} of the tour. */
    Path animusHome() {
        return dir.resolve("home");
    }

    boolean kept() {
        return keep;
    }

    /**
     * The caller's environment with every {@code ANIMUS_*} variable but {@code ANIMUS_LOG} and
     * {@code ANIMUS_LAUNCHER} (the path of the launcher, which starts the tour's daemon) left out,
     * and {@code ANIMUS_HOME} and {@code ANIMUS_PLUGIN_PATH} set: nothing of the caller's home,
     * registry or plugin directories is seen or changed.
     */
    Map<String, String> environment(Map<String, String> callerEnvironment, Path pluginPath) {
        Map<String, String> env = new HashMap<>();
        callerEnvironment.forEach((k, v) -> {
            if (!k.startsWith("ANIMUS_") || k.equals("ANIMUS_LOG") || k.equals("ANIMUS_LAUNCHER")) {
                env.put(k, v);
            }
        });
        env.put("ANIMUS_HOME", animusHome().toString());
        env.put("ANIMUS_PLUGIN_PATH", pluginPath.toString());
        return env;
    }

    /**
     * Removes the directory and everything in it (read-only store entries included), unless kept.
     *
     * @throws UncheckedIOException when something in it cannot be removed
     */
    @Override
    public void close() {
        if (closed || keep) {
            closed = true;
            return;
        }
        closed = true;
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                    // the store publishes its entries r-x: a directory must be writable to be emptied
                    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx------"));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the tour's throwaway home " + dir + ": " + e.getMessage(), e);
        }
    }
}
