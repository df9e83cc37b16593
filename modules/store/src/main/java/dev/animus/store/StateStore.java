package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.ManifestInvalid;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state document {@code <animus_home>/state/state.json} (docs/security.md#the-state-document):
 * the installation lifecycle of every plugin, read and changed under an exclusive lock on the lock
 * file beside it.
 *
 * <p>Every {@link #read()}, {@link #transact} and {@link #quarantine} holds {@link FileLocks} on
 * the lock file from the first byte read to the last byte written, so many threads and many
 * processes may share one home: transactions are serialised, none is lost, and each commit bumps
 * {@code revision} by exactly one. Lock waits are bounded by the wait given at construction and
 * end in {@link LockTimedOut}.
 *
 * <p>Writes are atomic ({@link AtomicFile}: the document is either the old or the new one at any
 * instant, also across a crash); the document is mode 0600 and its directory 0700. A document
 * that cannot be read fails closed ({@link DocumentUnreadable}) and is never written over nor
 * reset; reading never rewrites. It is read as {@link DocumentFile} reads what the host trusts: a
 * FIFO, a directory or a link in its place, a document the group or others may write, one owned by
 * another user than the operator and root, or one over 64 MiB is refused, never opened or read
 * whole. The lock file must be a regular file too (or missing). Stored manifests are re-validated on every read and every
 * commit; a record whose manifest fails is reported in {@link StateView#problems()} and kept.
 *
 * <p>Thread-safe. Holds no resources between calls.
 */
public final class StateStore {
    /** How long a read or a transaction waits for another animus process before giving up. */
    static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);
    /** A document bigger than this is not one animus wrote: 64 MiB is thousands of plugins with their manifests. */
    static final int MAX_BYTES = 64 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(StateStore.class);
    private static final DateTimeFormatter QUARANTINE_STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    /** The documents this thread is transacting on: a nested transaction would lose its own change. */
    private static final ThreadLocal<Set<Path>> TRANSACTING = ThreadLocal.withInitial(HashSet::new);

    private final Path stateFile;
    private final Path lockFile;
    private final Duration lockWait;

    /**
     * A store of the document {@code stateFile}, locked through {@code lockFile}.
     *
     * @param lockWait how long each call waits for the lock at most
     */
    public StateStore(Path stateFile, Path lockFile, Duration lockWait) {
        this.stateFile =
                Objects.requireNonNull(stateFile, "stateFile").toAbsolutePath().normalize();
        this.lockFile =
                Objects.requireNonNull(lockFile, "lockFile").toAbsolutePath().normalize();
        this.lockWait = Objects.requireNonNull(lockWait, "lockWait");
        if (lockWait.isNegative()) {
            throw new IllegalArgumentException("the lock wait is negative: " + lockWait);
        }
    }

    /** The store of {@code layout}'s state document, waiting at most 10 s for the lock. */
    public static StateStore in(HomeLayout layout) {
        return new StateStore(layout.stateFile(), layout.stateLock(), DEFAULT_LOCK_WAIT);
    }

    /** The state document (absolute). */
    public Path file() {
        return stateFile;
    }

    /**
     * The document as it is now, read under the lock. A missing document is the empty state
     * (revision 0) and is not created (the lock file and the state directory may be). Never writes
     * the document.
     *
     * @throws DocumentUnreadable when the document is corrupt, has a wrong shape or an unknown schema
     * @throws LockTimedOut when another process holds the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public StateView read() {
        try (FileLocks.Held _ = FileLocks.acquire(lockFile, lockWait)) {
            return view(load());
        }
    }

    /**
     * One read-modify-write under the lock: reads the document, applies {@code change}, and if the
     * plugins it returns differ from what was read, commits them with {@code revision} = the read
     * revision + 1, whatever revision {@code change} returned. An unchanged result writes nothing.
     *
     * <p>{@code change} runs while the lock is held, so it should be quick and pure; it may call
     * {@link #read()} but not {@code transact} on the same document (that would lose one of the two
     * changes, so it throws {@link IllegalStateException}).
     *
     * @return what is committed now, with the problems of its stored manifests
     * @throws DocumentUnreadable when the document cannot be read; {@code change} is not called and
     *     nothing is written
     * @throws IllegalArgumentException when {@code change} returns another {@code schema_version}
     *     or a manifest number JSON cannot carry; nothing is written
     * @throws LockTimedOut when another process holds the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or written; the document
     *     is then unchanged
     * @throws RuntimeException whatever {@code change} throws, as thrown; nothing is written
     */
    public StateView transact(UnaryOperator<InstallState> change) {
        Objects.requireNonNull(change, "change");
        if (!TRANSACTING.get().add(stateFile)) {
            throw new IllegalStateException("a change to " + stateFile + " started another transaction on it;"
                    + " return the whole change from the outer one instead");
        }
        try (FileLocks.Held _ = FileLocks.acquire(lockFile, lockWait)) {
            InstallState before = load();
            InstallState after = Objects.requireNonNull(change.apply(before), "the change returned no state");
            if (after.schemaVersion() != InstallState.SCHEMA_VERSION) {
                throw new IllegalArgumentException("a change may not set schema_version " + after.schemaVersion()
                        + "; this animus writes " + InstallState.SCHEMA_VERSION);
            }
            if (after.plugins().equals(before.plugins())) {
                return view(before);
            }
            InstallState committed =
                    new InstallState(InstallState.SCHEMA_VERSION, before.revision() + 1, after.plugins());
            byte[] document = StateJson.encode(committed);
            removeAbandonedTempFiles();
            AtomicFile.write(stateFile, document, AtomicFile.PRIVATE);
            return view(committed);
        } finally {
            TRANSACTING.get().remove(stateFile);
        }
    }

    /**
     * Explicit recovery (the repair command's first step): under the lock, moves an unreadable
     * document aside to {@code state.json.unreadable-<UTC yyyyMMdd'T'HHmmss'Z'>} beside it (with
     * {@code -2}, {@code -3}... if that name is taken), so that the next read starts from the empty
     * state. Nothing is deleted: the moved file keeps every byte for the operator to recover from.
     *
     * @param now when the repair happens, for the name
     * @return where the document went; empty when there is no document or it reads fine (then
     *     nothing is moved)
     * @throws LockTimedOut when another process holds the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or moved
     */
    public Optional<Path> quarantine(Instant now) {
        Objects.requireNonNull(now, "now");
        try (FileLocks.Held _ = FileLocks.acquire(lockFile, lockWait)) {
            Optional<DocumentUnreadable> problem = unreadable();
            if (problem.isEmpty()) {
                return Optional.empty();
            }
            if (!problem.get().repairable()) {
                throw problem.get(); // a wrong mode or owner is fixed in place, not by setting the document aside
            }
            Path aside = freeName(stateFile.getFileName() + ".unreadable-" + QUARANTINE_STAMP.format(now));
            try {
                Files.move(stateFile, aside);
                AtomicFile.syncDirectory(aside.getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot move " + stateFile + " aside to " + aside + ": " + e.getMessage(), e);
            }
            LOG.warn(
                    "moved the unreadable state document aside to {} ({})",
                    aside,
                    problem.get().getMessage());
            return Optional.of(aside);
        }
    }

    private Optional<DocumentUnreadable> unreadable() {
        try {
            load();
            return Optional.empty();
        } catch (DocumentUnreadable e) {
            return Optional.of(e);
        }
    }

    private Path freeName(String base) {
        Path candidate = stateFile.resolveSibling(base);
        for (int n = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
            candidate = stateFile.resolveSibling(base + "-" + n);
        }
        return candidate;
    }

    private InstallState load() {
        Optional<byte[]> bytes;
        try {
            bytes = DocumentFile.read(stateFile, MAX_BYTES, DocumentFile.Access.PRIVATE);
        } catch (DocumentFile.Refusal r) {
            throw switch (r.kind()) {
                case UNSAFE -> DocumentUnreadable.unsafe(stateFile, r.reason(), r.fix());
                case NOT_REGULAR, TOO_LARGE -> DocumentUnreadable.at(stateFile, "(document)", r.reason());
            };
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the state document " + stateFile + ": " + e.getMessage(), e);
        }
        return bytes.isEmpty() ? InstallState.empty() : StateDecoder.decode(bytes.get(), stateFile);
    }

    /** Re-validates every stored manifest with the install-time validator. */
    private StateView view(InstallState state) {
        List<RecordProblem> problems = new ArrayList<>();
        state.plugins().forEach((name, plugin) -> {
            plugin.current().flatMap(r -> problem(name, "current", r)).ifPresent(problems::add);
            plugin.previous().flatMap(r -> problem(name, "previous", r)).ifPresent(problems::add);
        });
        return new StateView(state, problems);
    }

    private Optional<RecordProblem> problem(String plugin, String slot, InstallRecord record) {
        if (record.manifest().isEmpty()) {
            return Optional.empty();
        }
        String source = stateFile + ": plugins." + plugin + "." + slot + ".manifest";
        try {
            record.manifest().get().validate(source, record.shape() == ArtifactShape.TREE);
            return Optional.empty();
        } catch (ManifestInvalid e) {
            return Optional.of(new RecordProblem(plugin, slot, e.getMessage()));
        }
    }

    /**
     * Deletes the temp files of writers that died between creating and renaming them. Every writer
     * of this document holds the lock while its temp file exists (AtomicFile names them
     * {@code .<name>.tmp-<uuid>}), so under the lock any such file is abandoned.
     */
    private void removeAbandonedTempFiles() {
        String prefix = "." + stateFile.getFileName() + ".tmp-";
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(
                stateFile.getParent(), p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path temp : temps) {
                Files.deleteIfExists(temp);
            }
        } catch (NoSuchFileException e) {
            // no directory yet: nothing was ever written here
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot remove abandoned temp files beside " + stateFile + ": " + e.getMessage(), e);
        }
    }
}
