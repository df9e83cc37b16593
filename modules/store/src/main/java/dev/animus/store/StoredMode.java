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
import java.util.Set;

/**
 * The modes of what the store holds (security.md §2): nothing in it is writable, and nothing
 * keeps a setuid, setgid or sticky bit ({@link PosixFilePermission} cannot even express them, so
 * setting a mode from this class clears them).
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

    /** Whether a file with this mode may be run by its owner (the store runs what it owns). */
    static boolean ownerMayRun(Set<PosixFilePermission> mode) {
        return mode.contains(OWNER_EXECUTE);
    }
}
