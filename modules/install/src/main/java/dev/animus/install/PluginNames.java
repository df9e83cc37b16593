package dev.animus.install;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;

/** Names and modes of downloaded plugins. */
final class PluginNames {
    private PluginNames() {}

    /**
     * The plugin name a repository stands for: its basename, lowercase, without an
     * {@code animus-plugin-} or {@code animus-provider-} prefix ({@code acme/animus-plugin-lint} → {@code lint}).
     */
    static String fromRepository(String repo) {
        String n = repo.toLowerCase(Locale.ROOT);
        for (String prefix : new String[] {"animus-plugin-", "animus-provider-"}) {
            if (n.startsWith(prefix) && n.length() > prefix.length()) {
                return n.substring(prefix.length());
            }
        }
        return n;
    }

    /** A downloaded bare binary arrives without its mode: owner read/write/execute, others read/execute. */
    static void makeExecutable(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + file + " executable: " + e.getMessage(), e);
        }
    }
}
