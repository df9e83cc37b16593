package dev.animus.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * What the files that decide whether a plugin may run (the state document, the lockfile in force,
 * the secrets file) look like now: size, modification time and file key of each. Two equal stamps
 * mean no grant, pin or secret changed in between, so a long-lived front end (the daemon) may reuse
 * a permit it checked before; a different stamp means check again. Cheap: three {@code stat}s.
 *
 * @param files one entry per file, {@code "-"} for a file that does not exist
 */
public record GrantsStamp(List<String> files) {
    public GrantsStamp {
        files = List.copyOf(files);
    }

    static GrantsStamp of(List<Path> paths) {
        List<String> out = new ArrayList<>(paths.size());
        for (Path p : paths) {
            out.add(stat(p));
        }
        return new GrantsStamp(out);
    }

    private static String stat(Path p) {
        if (!Files.exists(p)) {
            return "-"; // no exception built for the common case: no lockfile, no secrets file
        }
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            return a.size() + "@" + a.lastModifiedTime().toMillis() + "#" + a.fileKey();
        } catch (NoSuchFileException e) {
            return "-";
        } catch (IOException e) {
            return "?" + e.getClass().getSimpleName(); // unreadable now: differs from any readable stamp
        }
    }
}
