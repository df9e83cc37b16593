package dev.animus.store;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One lockfile {@code plugins.lock} on disk (docs/security.md#the-lockfile), global or a project's.
 *
 * <p>Saves merge: under an exclusive lock on a dot-prefixed file beside it
 * ({@code .plugins.lock.lock}), a save re-reads the file, applies its own upserts and explicit
 * removals, and replaces the file atomically ({@link AtomicFile}), so concurrent saves from any
 * number of threads and processes each keep the others' entries. A file that cannot be read
 * ({@link LockfileUnreadable}) fails closed: it is left byte-identical unless the caller passes
 * the explicit rewrite flag; so does one that every user may write (its pins may not be the
 * operator's: the fix is {@code chmod go-w}). A FIFO, a directory or a link in its place is refused
 * before anything opens it, and no more than 16 MiB is ever read. Keys of schema 1 that this animus does not know are ignored on read
 * (a newer animus of the same major may add optional ones) and dropped by the next save.
 *
 * <p>Thread-safe; holds no state but its paths (the lock is taken per call, through
 * {@link FileLocks}, which is re-entrant for the thread that holds it).
 */
public final class LockfileStore {
    private static final Logger LOG = LoggerFactory.getLogger(LockfileStore.class);
    /** The lockfile is meant to be committed to a repository: readable by everyone. */
    private static final Set<PosixFilePermission> SHARED = PosixFilePermissions.fromString("rw-r--r--");
    /** A lockfile bigger than this is not one animus wrote: 16 MiB is tens of thousands of entries. */
    static final int MAX_BYTES = 16 << 20;

    private final Path file;
    private final Path lock;
    private final Duration lockWait;

    /**
     * @param file the lockfile (made absolute); it need not exist
     * @param lockWait how long a call waits for another holder of the lock before
     *     {@link LockTimedOut}
     */
    public LockfileStore(Path file, Duration lockWait) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
        this.lockWait = Objects.requireNonNull(lockWait, "lockWait");
        if (lockWait.isNegative()) {
            throw new IllegalArgumentException("lockWait is negative: " + lockWait);
        }
        if (this.file.getFileName() == null) {
            throw new IllegalArgumentException("a lockfile needs a file name: " + file);
        }
        this.lock = this.file.resolveSibling("." + this.file.getFileName() + ".lock");
    }

    /** The lockfile's absolute path. */
    public Path file() {
        return file;
    }

    /**
     * The lockfile as it is now; a missing file is the empty lockfile. Never writes the lockfile
     * nor creates its directory: when the directory is missing this is the empty lockfile at
     * once, and when the directory cannot be written (a read-only checkout) the file is read
     * without the lock, which is still consistent since every save replaces it by an atomic
     * rename. Otherwise it is read under the lock (creating the lock file).
     *
     * @throws LockfileUnreadable when the file is corrupt or of another major schema
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public Lockfile read() {
        Path dir = file.getParent();
        if (!Files.isDirectory(dir)) {
            return Lockfile.empty();
        }
        if (!Files.isWritable(dir)) {
            return load().orElseGet(Lockfile::empty);
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            return load().orElseGet(Lockfile::empty);
        }
    }

    /**
     * Merges and saves. Under the lock: re-reads the file (missing is empty), removes
     * {@code removals} (names not locked are ignored), puts each of {@code upserts} in place of
     * any entry of the same name, and replaces the file atomically with mode 0644 (creating its
     * directory, 0700, if missing). The file is written even when nothing changed, in the
     * canonical form of {@link LockfileText}.
     *
     * @param rewriteCorrupt the explicit rewrite flag ({@code --rewrite-lockfile}): when the file
     *     cannot be read, replace it with just the upserts instead of refusing
     * @return the lockfile written
     * @throws IllegalArgumentException when two upserts share a name, or a name is both upserted
     *     and removed; nothing is written
     * @throws LockfileUnreadable when the file is corrupt or of another major schema and
     *     {@code rewriteCorrupt} is false; the file is left byte-identical
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or written; the file is
     *     then unchanged
     */
    public Lockfile save(Collection<LockEntry> upserts, Set<String> removals, boolean rewriteCorrupt) {
        List<LockEntry> puts = List.copyOf(Objects.requireNonNull(upserts, "upserts"));
        Set<String> removed = Set.copyOf(Objects.requireNonNull(removals, "removals"));
        Set<String> names = new HashSet<>();
        for (LockEntry e : puts) {
            if (!names.add(e.name())) {
                throw new IllegalArgumentException("two upserts lock the plugin " + LockfileText.quote(e.name()));
            }
            if (removed.contains(e.name())) {
                throw new IllegalArgumentException(
                        "the plugin " + LockfileText.quote(e.name()) + " is both upserted and removed");
            }
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            Lockfile next = current(rewriteCorrupt).merged(puts, removed);
            AtomicFile.write(file, LockfileText.render(next), SHARED);
            return next;
        }
    }

    /**
     * Removes, under the lock, every entry that {@code drop} picks (it sees the file as it is
     * under the lock), and replaces the file atomically when one was removed; when none was, the
     * file is not written (nor created).
     *
     * @return the entries removed, in name order
     * @throws LockfileUnreadable when the file is corrupt or of another major schema; it is left
     *     byte-identical
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or written; it is then
     *     unchanged
     */
    public List<LockEntry> removeIf(Predicate<LockEntry> drop) {
        Objects.requireNonNull(drop, "drop");
        if (!Files.isDirectory(file.getParent())) {
            return List.of();
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            Lockfile now = load().orElseGet(Lockfile::empty);
            List<LockEntry> dropped =
                    now.entries().values().stream().filter(drop).toList();
            if (!dropped.isEmpty()) {
                Set<String> names = new HashSet<>();
                dropped.forEach(e -> names.add(e.name()));
                AtomicFile.write(file, LockfileText.render(now.merged(List.of(), names)), SHARED);
            }
            return dropped;
        }
    }

    /** What a save merges into; the caller holds the lock. */
    private Lockfile current(boolean rewriteCorrupt) {
        try {
            return load().orElseGet(Lockfile::empty);
        } catch (LockfileUnreadable e) {
            if (!rewriteCorrupt) {
                throw e;
            }
            LOG.warn(
                    "replacing the unreadable lockfile {} as asked (--rewrite-lockfile); it was: {}",
                    file,
                    e.problem());
            return Lockfile.empty();
        }
    }

    /** The parsed file; empty when it does not exist. */
    private Optional<Lockfile> load() {
        return bytes().map(b -> LockfileParser.parse(file, b));
    }

    private Optional<byte[]> bytes() {
        try {
            return DocumentFile.read(file, MAX_BYTES, DocumentFile.Access.SHARED);
        } catch (DocumentFile.Refusal r) {
            if (r.kind() == DocumentFile.Refusal.Kind.NOT_REGULAR) {
                // a directory cannot be replaced by a rename, so --rewrite-lockfile would not help either
                String message = "the lockfile " + file + ": " + r.reason() + "; " + r.fix();
                throw new UncheckedIOException(message, new IOException(message));
            }
            throw new LockfileUnreadable(
                    file,
                    r.reason(),
                    r.kind() == DocumentFile.Refusal.Kind.UNSAFE
                            ? Guidance.of(
                                    r.fix() + " (or pass ",
                                    new Fix.Choose(Fix.Choice.REWRITE_LOCKFILE),
                                    " to replace it with only the entries this command writes)")
                            : LockfileUnreadable.FIX_OR_REWRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the lockfile " + file + ": " + e.getMessage(), e);
        }
    }
}
