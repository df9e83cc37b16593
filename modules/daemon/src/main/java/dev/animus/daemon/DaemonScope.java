package dev.animus.daemon;

import dev.animus.discovery.AnimusPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One daemon's scope (docs/operations.md#the-daemons-files): the canonical project root it serves,
 * its id (the first 16 hex digits of the SHA-256 of the root's path, UTF-8) and the run directory
 * that holds its files, {@code $XDG_RUNTIME_DIR/animus/} when that variable is set, else
 * {@code <animus_home>/run/}. Building a scope touches nothing; {@link #ensureRunDirectory()}
 * creates or checks the directory, {@link #checkSocketPath()} the socket address's length.
 *
 * @param root the canonical (real, absolute) project root
 * @param id the scope id, 16 lowercase hex digits
 * @param runDirectory where the daemon's files are, absolute
 */
public record DaemonScope(Path root, String id, Path runDirectory) {
    /**
     * The longest Unix domain socket path, in bytes: {@code sun_path} holds 108 bytes on Linux,
     * one of them the terminating NUL.
     */
    public static final int MAX_SOCKET_PATH_BYTES = 107;

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    public DaemonScope {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(runDirectory, "runDirectory");
        if (!root.isAbsolute() || !runDirectory.isAbsolute()) {
            throw new IllegalArgumentException("root and run directory must be absolute");
        }
        if (!id.matches("[0-9a-f]{16}")) {
            throw new IllegalArgumentException("a scope id is 16 lowercase hex digits: " + id);
        }
    }

    /**
     * The scope of the project at {@code projectRoot} when given (the {@code --project-root}
     * value, resolved against {@code cwd}), else of the nearest ancestor of {@code cwd} holding a
     * {@code .animus/} directory (the default animus home {@code ~/.animus} does not make its
     * parent a project), else of {@code cwd}.
     *
     * @param env the caller's environment ({@code XDG_RUNTIME_DIR}, {@code ANIMUS_HOME}, {@code HOME})
     * @throws DaemonFailure {@link DaemonFailure.Reason#PROJECT_ROOT} when the root is not a
     *     directory, {@link DaemonFailure.Reason#RUN_DIRECTORY} when no animus home can be named
     */
    public static DaemonScope of(Map<String, String> env, Optional<Path> projectRoot, Path cwd) {
        Path home = home(env, cwd);
        Path root = canonical(projectRoot.map(p -> cwd.resolve(p)).orElseGet(() -> nearestProject(cwd, home)));
        return new DaemonScope(root, idOf(root), runDirectory(env, home, cwd));
    }

    /** The scope id of a canonical root: the first 16 hex digits of SHA-256 over its path (UTF-8). */
    public static String idOf(Path canonicalRoot) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalRoot.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The control socket, {@code <scope>.sock} (0600). */
    public Path socket() {
        return file(".sock");
    }

    /** The pid file, {@code <scope>.pid}: the daemon's pid and a line break. */
    public Path pidFile() {
        return file(".pid");
    }

    /** The lock file, {@code <scope>.lock}, locked by the live daemon for its whole life. */
    public Path lockFile() {
        return file(".lock");
    }

    /** The info document, {@code <scope>.json}: root, pid, started_at, version, socket. */
    public Path infoFile() {
        return file(".json");
    }

    /** The daemon's own log, {@code <scope>.log} (rotated to {@code .log.1} ...). */
    public Path logFile() {
        return file(".log");
    }

    /**
     * The routed log entries when no log storage plugin takes them, {@code <scope>.events.jsonl}
     * (rotated to {@code .events.jsonl.1} ...; docs/daemon.md#logs).
     */
    public Path eventsFile() {
        return file(".events.jsonl");
    }

    /** The records of the plugin processes the daemon spawned, {@code <scope>.plugins.json}. */
    public Path pluginsFile() {
        return file(".plugins.json");
    }

    /**
     * The web token of the daemon's life, {@code <scope>.web.token} (0600; docs/daemon.md#transports):
     * per scope like every file here, the run directory being shared by the daemons of every project.
     */
    public Path webTokenFile() {
        return file(".web.token");
    }

    private Path file(String suffix) {
        return runDirectory.resolve(id + suffix);
    }

    /**
     * Refuses a socket path longer than {@link #MAX_SOCKET_PATH_BYTES} bytes (UTF-8): the kernel
     * would truncate it, and a truncated address names another file.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#SOCKET_PATH_TOO_LONG}, naming the path
     */
    public void checkSocketPath() {
        String path = socket().toString();
        int bytes = path.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH_BYTES) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.SOCKET_PATH_TOO_LONG,
                    "the daemon's socket path " + path + " is " + bytes + " bytes, longer than the "
                            + MAX_SOCKET_PATH_BYTES + " a Unix socket allows",
                    "set XDG_RUNTIME_DIR (or ANIMUS_HOME) to a shorter directory");
        }
    }

    /**
     * Creates the run directory (mode 0700, and its missing parents under the animus home), or
     * checks the one there: a directory, not a link, owned by this user, with no permission for
     * group or others. Returns it.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#RUN_DIRECTORY} naming the directory and
     *     what is wrong with it
     */
    public Path ensureRunDirectory() {
        Path dir = runDirectory;
        try {
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Path parent = dir.getParent();
                if (parent != null && !Files.isDirectory(parent)) {
                    if (dir.getFileName().toString().equals("animus")) {
                        // $XDG_RUNTIME_DIR/animus: that directory is the login session's, never created here
                        throw new DaemonFailure(
                                DaemonFailure.Reason.RUN_DIRECTORY,
                                "the runtime directory " + parent + " (XDG_RUNTIME_DIR) does not exist",
                                "unset XDG_RUNTIME_DIR or point it at an existing directory of yours");
                    }
                    Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                }
                try {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                    Files.setPosixFilePermissions(dir, OWNER_ONLY); // the umask may have narrowed it
                } catch (java.nio.file.FileAlreadyExistsException raced) {
                    // another process created it meanwhile: checked below like any existing one
                }
            }
            check(dir);
            return dir;
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.RUN_DIRECTORY,
                    "cannot create the daemon's run directory " + dir + ": " + e.getMessage(),
                    "check the permissions of " + dir.getParent(),
                    e);
        }
    }

    private static void check(Path dir) throws IOException {
        PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isDirectory()) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.RUN_DIRECTORY,
                    "the daemon's run directory " + dir + " is not a directory"
                            + (a.isSymbolicLink() ? " (a symbolic link)" : ""),
                    "remove " + dir + " so that it can be created");
        }
        OptionalLong self = Procfs.selfUid();
        Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        boolean otherOwner = self.isPresent()
                ? !(owner instanceof Integer uid && uid == self.getAsLong())
                : !a.owner().getName().equals(System.getProperty("user.name"));
        if (otherOwner) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.RUN_DIRECTORY,
                    "the daemon's run directory " + dir + " belongs to another user ("
                            + a.owner().getName() + ")",
                    "remove it, or set XDG_RUNTIME_DIR to a directory of your own");
        }
        if (!a.permissions().equals(OWNER_ONLY)) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.RUN_DIRECTORY,
                    "the daemon's run directory " + dir + " has mode " + PosixFilePermissions.toString(a.permissions())
                            + ", not rwx------",
                    "run: chmod 700 " + dir);
        }
    }

    private static Path home(Map<String, String> env, Path cwd) {
        try {
            return AnimusPaths.from(env, cwd).home();
        } catch (IllegalArgumentException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.RUN_DIRECTORY,
                    e.getMessage(),
                    "set ANIMUS_HOME (or HOME) to a directory Animus may use");
        }
    }

    private static Path runDirectory(Map<String, String> env, Path home, Path cwd) {
        String xdg = env.get("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isBlank()) {
            Path base = cwd.resolve(xdg).toAbsolutePath().normalize();
            return base.resolve("animus");
        }
        return cwd.resolve(home).toAbsolutePath().normalize().resolve("run");
    }

    private static Path nearestProject(Path cwd, Path home) {
        Path start = cwd.toAbsolutePath().normalize();
        Path homeReal = realOrSelf(home);
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path marker = dir.resolve(".animus");
            if (Files.isDirectory(marker) && !realOrSelf(marker).equals(homeReal)) {
                return dir;
            }
        }
        return start;
    }

    private static Path realOrSelf(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static Path canonical(Path root) {
        try {
            Path real = root.toRealPath();
            if (!Files.isDirectory(real)) {
                throw new DaemonFailure(
                        DaemonFailure.Reason.PROJECT_ROOT,
                        "the project root " + root + " is not a directory",
                        "name a directory with --project-root");
            }
            return real;
        } catch (IOException e) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.PROJECT_ROOT,
                    "the project root " + root + " does not exist",
                    "name an existing directory with --project-root",
                    e);
        }
    }
}
