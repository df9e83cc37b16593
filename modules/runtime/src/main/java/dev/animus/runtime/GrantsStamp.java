package dev.animus.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the files that decide whether a plugin may run (the state document, the lockfile in force,
 * the secrets file) look like now: size, modification time and file key of each. Two equal stamps
 * mean no grant, pin or secret changed in between, so a long-lived front end (the daemon) may reuse
 * a permit it checked before; a different stamp means check again. Cheap: a {@code stat} or an
 * {@code access} per file, no text built, no exception for a file that does not exist (the daemon
 * takes a stamp at every call, docs/performance.md#the-daemon-benchdaemon-issue-20).
 *
 * @param files one entry per file
 */
public record GrantsStamp(List<FileStamp> files) {
    public GrantsStamp {
        files = List.copyOf(files);
    }

    /**
     * One file's stamp.
     *
     * @param size its size, -1 when it does not exist or cannot be read
     * @param modifiedNanos its modification time
     * @param key its file key (device and inode), or what kept it from being read
     */
    public record FileStamp(long size, long modifiedNanos, Object key) {
        static final FileStamp ABSENT = new FileStamp(-1, 0, "absent");
    }

    static GrantsStamp of(List<Path> paths) {
        List<FileStamp> out = new ArrayList<>(paths.size());
        for (Path p : paths) {
            out.add(stat(p));
        }
        return new GrantsStamp(out);
    }

    private static FileStamp stat(Path p) {
        if (!Files.exists(p)) {
            return FileStamp.ABSENT; // the common case (no lockfile, no secrets file) builds no exception
        }
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            return new FileStamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), a.fileKey());
        } catch (NoSuchFileException e) {
            return FileStamp.ABSENT; // removed since
        } catch (IOException e) {
            return new FileStamp(-1, 0, e.getClass().getSimpleName()); // unreadable now: unlike any readable stamp
        }
    }
}
