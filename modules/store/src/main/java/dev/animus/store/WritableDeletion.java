package dev.animus.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Optional;

/**
 * Deletes a published entry or a partial directory of the store: directories are made writable
 * before what they hold is deleted (published ones are r-xr-xr-x). Links are deleted, never
 * followed, and only what {@code lstat} shows to be a directory has its mode changed.
 */
final class WritableDeletion {
    private WritableDeletion() {}

    /** Deletes {@code path} and everything under it; nothing happens when it is absent. */
    static void delete(Path path) throws IOException {
        Optional<PosixFileAttributes> attrs = NoFollow.lstatIfExists(path);
        if (attrs.isEmpty()) {
            return;
        }
        if (attrs.get().isDirectory()) {
            NoFollow.setPermissions(path, StoredMode.WORKING_DIRECTORY);
            try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
                for (Path child : children) {
                    delete(child);
                }
            }
        }
        Files.deleteIfExists(path);
    }
}
