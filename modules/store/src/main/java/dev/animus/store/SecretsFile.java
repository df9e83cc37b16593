package dev.animus.store;

import dev.animus.core.NameRule;
import dev.animus.core.OneLine;
import dev.animus.core.SecretStore;
import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The file keyring backend ({@code ANIMUS_KEYRING=file}, docs/security.md#secrets): the secrets in
 * plain text in {@code <animus_home>/secrets.toml} ({@link HomeLayout#secrets()}; format:
 * {@link SecretsText}), readable only by the operator.
 *
 * <p>Every call takes an exclusive lock ({@link HomeLayout#secretsLock()}, through
 * {@link FileLocks}, waiting at most the lock wait) and re-reads the file; a change is a
 * read-modify-write under that lock that replaces the file atomically with mode 0600
 * ({@link AtomicFile}), so concurrent writers in any number of threads and processes each keep
 * the others' secrets. A missing file holds no secrets; {@link #set} creates it (and its directory,
 * 0700, if missing; an existing directory's mode is never changed). Reading a missing file never
 * creates anything.
 *
 * <p>Fails closed with {@link SecretStoreFailed}, and leaves the file byte-identical, when the
 * file:
 * <ul>
 *   <li>is corrupt: not UTF-8, not TOML, another shape, an unknown key, a secret twice, an
 *       invalid name or value, or another {@code schema_version} ({@link SecretsParser});
 *   <li>is readable or writable by the group or others: like ssh with a private key, it is refused
 *       (by reads and writes alike) until the operator runs {@code chmod 600} on it, since the
 *       secrets in it may already have been read; an owner-only mode other than 0600 (0400, say)
 *       is accepted, and the next write makes it 0600;
 *   <li>is owned by another user than the one animus runs as and root;
 *   <li>is not a regular file (a symbolic link, a directory, a FIFO): a write would replace a link
 *       by a file, and a FIFO would block the read.
 * </ul>
 * I/O failures and lock timeouts are {@link SecretStoreFailed} too, with the cause attached. No
 * message holds a secret's value, and nothing is logged.
 *
 * <p>Thread-safe; holds no state but its paths.
 */
public final class SecretsFile implements SecretStore {
    /** How long a call waits for another animus process before giving up, as the other stores. */
    static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);
    /** A file bigger than this is not one animus wrote: 16 MiB is two thousand secrets of 8 KiB. */
    static final int MAX_BYTES = 16 << 20;

    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private final Path file;
    private final Path lock;
    private final Duration lockWait;

    /** The secrets file of {@code layout}, waiting at most 10 s for its lock. */
    public SecretsFile(HomeLayout layout) {
        this(Objects.requireNonNull(layout, "layout").secrets(), layout.secretsLock(), DEFAULT_LOCK_WAIT);
    }

    /**
     * @param file the secrets file (made absolute); it need not exist
     * @param lock the lock file every call takes (made absolute; created 0600 when needed)
     * @param lockWait how long a call waits for another holder of the lock
     */
    public SecretsFile(Path file, Path lock, Duration lockWait) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
        this.lock = Objects.requireNonNull(lock, "lock").toAbsolutePath().normalize();
        this.lockWait = Objects.requireNonNull(lockWait, "lockWait");
        if (lockWait.isNegative()) {
            throw new IllegalArgumentException("lockWait is negative: " + lockWait);
        }
        if (this.file.getFileName() == null || this.file.equals(this.lock)) {
            throw new IllegalArgumentException("the secrets file needs a file name other than its lock's: " + file);
        }
    }

    /** The secrets file's absolute path. */
    public Path file() {
        return file;
    }

    @Override
    public String backend() {
        return "file";
    }

    /**
     * @throws IllegalArgumentException when a name is not valid
     * @throws SecretStoreFailed when the file cannot be read (see the class comment), the lock is
     *     not free in time, or reading fails
     */
    @Override
    public Optional<SecretValue> get(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        return reading(secrets -> Optional.ofNullable(
                        secrets.getOrDefault(plugin, new TreeMap<>()).get(name))
                .map(SecretValue::of));
    }

    /**
     * Stores or replaces the secret: under the lock, re-reads the file and replaces it with the
     * secret put in. A value equal to the one stored writes nothing.
     *
     * @throws IllegalArgumentException when a name is not valid, or the value holds a lone UTF-16
     *     surrogate (UTF-8, hence this file, cannot hold it); nothing is written
     * @throws SecretStoreFailed when the file cannot be read (it is then left byte-identical), the
     *     lock is not free in time, or writing fails (the file is then unchanged)
     */
    @Override
    public void set(String plugin, String name, SecretValue value) {
        SecretStore.checkNames(plugin, name);
        String text = Objects.requireNonNull(value, "value").reveal();
        Optional<String> problem = SecretsParser.valueProblem(text);
        if (problem.isPresent()) {
            throw new IllegalArgumentException("the file backend cannot store the value of the secret '" + name
                    + "' of the plugin '" + plugin + "': it " + problem.get());
        }
        locked(() -> {
            TreeMap<String, TreeMap<String, String>> secrets = load();
            if (!text.equals(
                    secrets.computeIfAbsent(plugin, p -> new TreeMap<>()).put(name, text))) {
                write(secrets);
            }
            return null;
        });
    }

    /**
     * Deletes the secret: under the lock, re-reads the file and, when it holds the secret,
     * replaces it without it. When it does not, nothing is written.
     *
     * @throws IllegalArgumentException when a name is not valid
     * @throws SecretStoreFailed when the file cannot be read (it is then left byte-identical), the
     *     lock is not free in time, or writing fails (the file is then unchanged)
     */
    @Override
    public boolean delete(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        if (!Files.isDirectory(file.getParent())) {
            return false;
        }
        return locked(() -> {
            TreeMap<String, TreeMap<String, String>> secrets = load();
            TreeMap<String, String> ofPlugin = secrets.get(plugin);
            if (ofPlugin == null || ofPlugin.remove(name) == null) {
                return false;
            }
            if (ofPlugin.isEmpty()) {
                secrets.remove(plugin);
            }
            write(secrets);
            return true;
        });
    }

    /**
     * @throws IllegalArgumentException when {@code plugin} is not a plugin name
     * @throws SecretStoreFailed as {@link #get}
     */
    @Override
    public List<String> list(String plugin) {
        // SecretStore.checkNames wants a secret name too; this is its plugin half
        if (!NameRule.isValid(plugin)) {
            throw new IllegalArgumentException("'" + OneLine.of(String.valueOf(plugin)) + "' is not a plugin name");
        }
        return reading(secrets ->
                List.copyOf(secrets.getOrDefault(plugin, new TreeMap<>()).keySet()));
    }

    /** {@code read} of the secrets under the lock; none, without taking the lock, when the file's directory is missing. */
    private <T> T reading(Function<TreeMap<String, TreeMap<String, String>>, T> read) {
        if (!Files.isDirectory(file.getParent())) {
            return read.apply(new TreeMap<>());
        }
        return locked(() -> read.apply(load()));
    }

    /** Runs {@code step} holding the lock. */
    private <T> T locked(Supplier<T> step) {
        try (FileLocks.Held _ = acquire()) {
            return step.get();
        }
    }

    /** The lock; one that is not free in time, or cannot be opened, is a {@link SecretStoreFailed}. */
    private FileLocks.Held acquire() {
        try {
            return FileLocks.acquire(lock, lockWait);
        } catch (LockTimedOut | UncheckedIOException e) {
            throw new SecretStoreFailed("ANIMUS_KEYRING=file: " + e.getMessage() + "; nothing was changed", e);
        }
    }

    /** The secrets in the file, by plugin then name; none when it does not exist. The caller holds the lock. */
    private TreeMap<String, TreeMap<String, String>> load() {
        try {
            Optional<PosixFileAttributes> attrs = NoFollow.lstatIfExists(file);
            if (attrs.isEmpty()) {
                return new TreeMap<>();
            }
            if (!attrs.get().isRegularFile()) {
                throw SecretsParser.unreadable(
                        file,
                        "it is " + NoFollow.describe(attrs.get())
                                + ", not a regular file (a write would replace it, a FIFO would block the read)",
                        "put the secrets file itself in its place");
            }
            Set<PosixFilePermission> mode = attrs.get().permissions();
            if (!Collections.disjoint(mode, OTHERS)) {
                throw new SecretStoreFailed(OneLine.of("the secrets file " + file + " (ANIMUS_KEYRING=file) is"
                        + " accessible by others (mode " + octal(mode) + "), so its secrets may have been read:"
                        + " it must be readable only by you; run 'chmod 600 " + shellWord(file.toString())
                        + "' and consider changing the secrets in it; nothing was changed"));
            }
            Optional<String> foreign = foreignOwner();
            if (foreign.isPresent()) {
                throw new SecretStoreFailed(OneLine.of("the secrets file " + file + " (ANIMUS_KEYRING=file): "
                        + foreign.get() + ", so the secrets in it may not be yours and others may have read them:"
                        + " check what it holds, then make it yours (chown) or move it aside; nothing was changed"));
            }
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                byte[] bytes = in.readNBytes(MAX_BYTES + 1);
                if (bytes.length > MAX_BYTES) {
                    throw SecretsParser.unreadable(
                            file,
                            "it is larger than 16 MiB, which no secrets file animus" + " writes is",
                            SecretsParser.FIX_OR_MOVE);
                }
                return SecretsParser.parse(file, bytes);
            }
        } catch (NoSuchFileException e) {
            return new TreeMap<>(); // deleted between the lstat and the open
        } catch (IOException e) {
            throw new SecretStoreFailed(
                    "ANIMUS_KEYRING=file: cannot read the secrets file " + NoFollow.shown(file) + ": " + e.getMessage()
                            + "; nothing was changed",
                    e);
        }
    }

    private Optional<String> foreignOwner() {
        try {
            return DocumentFile.foreignOwner(file);
        } catch (DocumentFile.Refusal r) {
            throw new SecretStoreFailed(
                    "ANIMUS_KEYRING=file: the secrets file " + NoFollow.shown(file) + ": " + r.getMessage()
                            + "; nothing was changed",
                    r);
        }
    }

    /** Replaces the file (mode 0600) with {@code secrets}; the caller holds the lock. */
    private void write(TreeMap<String, TreeMap<String, String>> secrets) {
        try {
            removeAbandonedTempFiles();
            AtomicFile.write(file, SecretsText.render(secrets), AtomicFile.PRIVATE);
        } catch (UncheckedIOException e) {
            throw new SecretStoreFailed(
                    "ANIMUS_KEYRING=file: " + e.getMessage() + "; the secrets file was not changed", e);
        }
    }

    /**
     * Deletes copies of the secrets left by writers that died between creating their temp file and
     * renaming it ({@link AtomicFile} names them {@code .secrets.toml.tmp-<uuid>}): every writer
     * holds the lock while its temp file exists, so under the lock any such file is abandoned.
     */
    private void removeAbandonedTempFiles() {
        String prefix = "." + file.getFileName() + ".tmp-";
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(
                file.getParent(), p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path temp : temps) {
                Files.deleteIfExists(temp);
            }
        } catch (NoSuchFileException e) {
            // no directory yet: nothing was ever written here
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot remove abandoned temp files beside " + NoFollow.shown(file) + ": " + e.getMessage(), e);
        }
    }

    /** A mode as {@code ls} and {@code chmod} spell it in octal: {@code 0644}. */
    static String octal(Set<PosixFilePermission> mode) {
        return DocumentFile.octal(mode);
    }

    /** {@code text} as one word for a POSIX shell. */
    private static String shellWord(String text) {
        return DocumentFile.shellWord(text);
    }
}
