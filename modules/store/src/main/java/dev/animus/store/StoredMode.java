package dev.animus.store;

import static java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.GROUP_READ;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_READ;
import static java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE;
import static java.nio.file.attribute.PosixFilePermission.OWNER_READ;

import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The modes of what the store holds (docs/security.md#the-digest-addressed-store): nothing in it is
 * writable, and nothing keeps a setuid, setgid or sticky bit ({@link PosixFilePermission} cannot
 * even express them, so setting a mode from this class clears them).
 */
final class StoredMode {
    /** A published directory: r-xr-xr-x. */
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("r-xr-xr-x");
    /** A directory while it is staged or about to be deleted: rwx------. */
    static final Set<PosixFilePermission> WORKING_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    /** A file while it is being written: rw-------. */
    static final Set<PosixFilePermission> WORKING_FILE = PosixFilePermissions.fromString("rw-------");

    private static final Set<PosixFilePermission> READ_EXECUTE =
            EnumSet.of(OWNER_READ, OWNER_EXECUTE, GROUP_READ, GROUP_EXECUTE, OTHERS_READ, OTHERS_EXECUTE);

    private StoredMode() {}

    /**
     * A stored file's mode: the source's read and execute bits for owner, group and others, never
     * a write bit. The owner may always read, because the launch gate re-hashes the file.
     */
    static Set<PosixFilePermission> ofFile(Set<PosixFilePermission> source) {
        EnumSet<PosixFilePermission> mode = EnumSet.of(OWNER_READ);
        for (PosixFilePermission p : source) {
            if (READ_EXECUTE.contains(p)) {
                mode.add(p);
            }
        }
        return mode;
    }

    private static final int SETUID = 04000;
    private static final int SETGID = 02000;
    private static final int STICKY = 01000;
    private static final int OTHERS_WRITE = 0002;

    /**
     * Why a regular file with the whole mode {@code mode} ({@link NoFollow#mode}) must not be in a
     * plugin or in the store: a setuid, setgid or sticky bit (a plugin never needs one, and a
     * setuid file in a trusted tree would run with its owner's rights), or a write bit for every
     * user (anyone may have changed it). Empty when it may be.
     */
    static Optional<String> fileProblem(int mode) {
        if ((mode & SETUID) != 0) {
            return Optional.of("it is setuid");
        }
        if ((mode & SETGID) != 0) {
            return Optional.of("it is setgid");
        }
        if ((mode & STICKY) != 0) {
            return Optional.of("it has the sticky bit");
        }
        if ((mode & OTHERS_WRITE) != 0) {
            return Optional.of("every user may write it");
        }
        return Optional.empty();
    }

    /**
     * Why a directory with the whole mode {@code mode} must not be in a plugin: a write bit for
     * every user (anyone may add or swap files in it). A setgid or sticky bit on a directory is
     * harmless and common (the store clears it). Empty when it may be.
     */
    static Optional<String> directoryProblem(int mode) {
        return (mode & OTHERS_WRITE) != 0 ? Optional.of("every user may write it") : Optional.empty();
    }

    /** The permission and special bits of a whole mode in octal, as {@code chmod} spells them: {@code 4755}. */
    static String octal(int mode) {
        return String.format("%04o", mode & 07777);
    }

    /** Whether a file with this mode may be run by its owner (the store runs what it owns). */
    static boolean ownerMayRun(Set<PosixFilePermission> mode) {
        return mode.contains(OWNER_EXECUTE);
    }
}
