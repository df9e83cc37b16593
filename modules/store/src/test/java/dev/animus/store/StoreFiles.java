package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real files for the store's tests: writing them with a mode, FIFOs, modes as stat prints them. */
final class StoreFiles {
    private StoreFiles() {}

    /** Writes {@code content} to {@code file} (creating its directories) and sets {@code mode} ("rwxr-xr-x"). */
    static Path write(Path file, String content, String mode) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path executable(Path file, String content) {
        return write(file, content, "rwxr-xr-x");
    }

    /** A plugin directory with {@code Plugin.toml}, {@code bin/tool} (executable) and {@code lib/data.txt}. */
    static Path plugin(Path dir) {
        write(dir.resolve("Plugin.toml"), "name = \"tool\"\nentry = \"bin/tool\"\n", "rw-r--r--");
        executable(dir.resolve("bin/tool"), "#!/bin/sh\necho tool\n");
        write(dir.resolve("lib/data.txt"), "data\n", "rw-r--r--");
        return dir;
    }

    /** The SHA-256 of {@code bytes}, lowercase hex, computed here and not by the store. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Runs a command to completion and returns its standard output, trimmed; it must succeed. */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assumeTrue(p.waitFor(30, TimeUnit.SECONDS), () -> String.join(" ", command) + " did not finish");
            assertEquals(0, p.exitValue(), () -> String.join(" ", command) + " failed: " + out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Path mkfifo(Path path) {
        run("mkfifo", path.toString());
        return path;
    }

    static void chmod(String mode, Path path) {
        run("chmod", mode, path.toString());
    }

    /** The mode as {@code stat -c %a} prints it, e.g. "555" (with a leading setuid/setgid/sticky digit). */
    static String octalMode(Path path) {
        return run("stat", "-c", "%a", path.toString());
    }

    /** The names in the store's root that are partial directories. */
    static List<String> partials(Path root) {
        List<String> partials = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return partials;
        }
        try (DirectoryStream<Path> names = Files.newDirectoryStream(root, ".partial-*")) {
            names.forEach(p -> partials.add(p.getFileName().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return partials;
    }
}
