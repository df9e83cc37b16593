package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Golden files under {@code src/test/resources/golden/}: compared byte for byte, and rewritten
 * instead when the test JVM has {@code -Danimus.golden.update=true}
 * ({@code ./mvnw ... verify -Dtest='HelpGoldenTest*' -Danimus.golden.update=true}).
 */
final class Golden {
    static final String UPDATE = "animus.golden.update";
    /** Read from the source tree, not the class path, so that an update rewrites the files under review. */
    static final Path ROOT = Path.of("src/test/resources/golden");

    private Golden() {}

    static boolean updating() {
        return Boolean.getBoolean(UPDATE);
    }

    /** Compares {@code actual} with the golden {@code dir/file} (or rewrites it when updating). */
    static void check(String dir, String file, String what, String actual) {
        Path golden = ROOT.resolve(dir).resolve(file);
        try {
            if (updating()) {
                Files.createDirectories(golden.getParent());
                if (!Files.exists(golden)
                        || !Files.readString(golden, StandardCharsets.UTF_8).equals(actual)) {
                    Files.writeString(golden, actual, StandardCharsets.UTF_8);
                }
                return;
            }
            if (!Files.exists(golden)) {
                fail("no golden file " + golden + " for " + what + ": run the test with -D" + UPDATE
                        + "=true to write it, then review and commit it");
            }
            assertEquals(
                    Files.readString(golden, StandardCharsets.UTF_8),
                    actual,
                    what + " differs from " + golden + " (if the change is intended, rerun with -D" + UPDATE
                            + "=true and review the diff)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Golden files in {@code dir} that no check claims: deleted when updating, else a failure. */
    static void noStrays(String dir, Set<String> claimed) {
        Path d = ROOT.resolve(dir);
        if (!Files.isDirectory(d)) {
            return;
        }
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.sorted().toList()) {
                if (!claimed.contains(f.getFileName().toString())) {
                    if (updating()) {
                        Files.delete(f);
                    } else {
                        fail("golden file " + f + " belongs to no command any more: delete it (or rerun with -D"
                                + UPDATE + "=true)");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
