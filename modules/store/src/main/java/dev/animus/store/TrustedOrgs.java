package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The trust-on-first-use decisions about GitHub owners (docs/security.md#install-guards), kept in
 * {@code <animus_home>/trusted-orgs.toml} ({@link HomeLayout#trustedOrgs()}; format:
 * {@link TrustedOrgsText}).
 *
 * <p>Every call takes an exclusive lock on a dot-prefixed file beside it
 * ({@code .trusted-orgs.toml.lock}, through {@link FileLocks}), re-reads the file, and a change
 * replaces it atomically with mode 0600 ({@link AtomicFile}), so concurrent records and revokes
 * from any number of threads and processes each keep the others' decisions. A file that cannot be
 * read fails closed ({@link TrustedOrgsUnreadable}): nothing counts as trusted, nothing is
 * written, and the file stays byte-identical. So does one that the group or others may write or
 * that another user than the operator and root owns (the fix is {@code chmod 600}); a FIFO, a
 * directory or a link in its place is refused before anything opens it.
 *
 * <p>Thread-safe; holds no state but its paths.
 */
public final class TrustedOrgs {
    /** A file bigger than this is not one animus wrote: 4 MiB is tens of thousands of owners. */
    static final int MAX_BYTES = 4 << 20;

    private final Path file;
    private final Path lock;
    private final Duration lockWait;

    /**
     * @param file the decisions file (made absolute); it need not exist
     * @param lockWait how long a call waits for another holder of the lock before {@link LockTimedOut}
     */
    public TrustedOrgs(Path file, Duration lockWait) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
        this.lockWait = Objects.requireNonNull(lockWait, "lockWait");
        if (lockWait.isNegative()) {
            throw new IllegalArgumentException("lockWait is negative: " + lockWait);
        }
        if (this.file.getFileName() == null) {
            throw new IllegalArgumentException("the trusted owners file needs a file name: " + file);
        }
        this.lock = this.file.resolveSibling("." + this.file.getFileName() + ".lock");
    }

    /** The file's absolute path. */
    public Path file() {
        return file;
    }

    /**
     * Every decision, in owner order; a missing file (or directory) is none. Never writes the
     * file nor creates its directory; when the directory cannot be written the file is read
     * without the lock, which is still consistent since every change replaces it by an atomic rename.
     *
     * @throws TrustedOrgsUnreadable when the file is corrupt or of another schema
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public List<OrgDecision> list() {
        if (!Files.isDirectory(file.getParent())) {
            return List.of();
        }
        if (!Files.isWritable(file.getParent())) {
            return List.copyOf(load().values());
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            return List.copyOf(load().values());
        }
    }

    /**
     * The decision about {@code org}, whatever its case; empty when there is none (also when
     * {@code org} is not a GitHub login at all).
     *
     * @throws TrustedOrgsUnreadable when the file is corrupt or of another schema
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     */
    public Optional<OrgDecision> find(String org) {
        String key = OrgDecision.key(Objects.requireNonNull(org, "org"));
        return list().stream().filter(d -> d.org().equals(key)).findFirst();
    }

    /**
     * Records that {@code org} is trusted, unless it already is: under the lock, an existing
     * decision about it (whatever the case of {@code org}) is kept as it is and returned, and the
     * file is not written; otherwise the new decision is added and the file replaced.
     *
     * @param how {@link OrgDecision#PROMPT}, {@link OrgDecision#ALLOW_ORG} or {@link OrgDecision#YES}
     * @return the decision now in force
     * @throws IllegalArgumentException when {@code org} or {@code how} is not valid (see {@link OrgDecision})
     * @throws TrustedOrgsUnreadable when the file is corrupt or of another schema; it is left byte-identical
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or written; it is then unchanged
     */
    public OrgDecision record(String org, String how, Instant at) {
        OrgDecision decision = new OrgDecision(org, how, at);
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            TreeMap<String, OrgDecision> decisions = load();
            OrgDecision existing = decisions.putIfAbsent(decision.org(), decision);
            if (existing != null) {
                return existing;
            }
            AtomicFile.write(file, TrustedOrgsText.render(decisions.values()), AtomicFile.PRIVATE);
            return decision;
        }
    }

    /**
     * Forgets the decision about {@code org}, whatever its case: its releases need trust again.
     *
     * @return whether there was one; when there was not, the file is not written
     * @throws TrustedOrgsUnreadable when the file is corrupt or of another schema; it is left byte-identical
     * @throws LockTimedOut when another holder keeps the lock longer than the wait
     * @throws UncheckedIOException naming the file when it cannot be read or written; it is then unchanged
     */
    public boolean revoke(String org) {
        String key = OrgDecision.key(Objects.requireNonNull(org, "org"));
        if (!Files.isDirectory(file.getParent())) {
            return false;
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            TreeMap<String, OrgDecision> decisions = load();
            if (decisions.remove(key) == null) {
                return false;
            }
            AtomicFile.write(file, TrustedOrgsText.render(decisions.values()), AtomicFile.PRIVATE);
            return true;
        }
    }

    /** The decisions in the file, by owner; none when it does not exist. The caller holds the lock (or cannot take it). */
    private TreeMap<String, OrgDecision> load() {
        Optional<byte[]> bytes;
        try {
            bytes = DocumentFile.read(file, MAX_BYTES, DocumentFile.Access.PRIVATE);
        } catch (DocumentFile.Refusal r) {
            if (r.kind() == DocumentFile.Refusal.Kind.NOT_REGULAR) {
                String message = "the trusted owners file " + file + ": " + r.reason() + "; " + r.fix();
                throw new UncheckedIOException(message, new IOException(message));
            }
            throw new TrustedOrgsUnreadable(
                    file,
                    r.reason(),
                    r.kind() == DocumentFile.Refusal.Kind.UNSAFE ? r.fix() : TrustedOrgsUnreadable.FIX_OR_REMOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the trusted owners file " + file + ": " + e.getMessage(), e);
        }
        return bytes.isEmpty() ? new TreeMap<>() : TrustedOrgsParser.parse(file, bytes.get());
    }
}
