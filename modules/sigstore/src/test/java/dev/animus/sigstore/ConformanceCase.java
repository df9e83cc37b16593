package dev.animus.sigstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One case of the public sigstore-conformance bundle-verify suite, copied under
 * {@code conformance/sigstore/bundle-verify} (see its README).
 */
record ConformanceCase(String name, Path directory) {
    static final Path ROOT = Path.of("../../conformance/sigstore/bundle-verify");
    static final String DEFAULT_IDENTITY =
            "https://github.com/sigstore-conformance/extremely-dangerous-public-oidc-beacon/"
                    + ".github/workflows/extremely-dangerous-oidc-beacon.yml@refs/heads/main";
    static final String DEFAULT_ISSUER = "https://token.actions.githubusercontent.com";

    static List<ConformanceCase> all() {
        try (Stream<Path> cases = Files.list(ROOT)) {
            return cases.filter(Files::isDirectory)
                    .sorted()
                    .map(dir -> new ConformanceCase(dir.getFileName().toString(), dir))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean mustFail() {
        return name.endsWith("_fail");
    }

    Path bundle() {
        return directory.resolve("bundle.sigstore.json");
    }

    Path artifact() {
        Path own = directory.resolve("artifact");
        return Files.exists(own) ? own : ROOT.resolve("a.txt");
    }

    Optional<Path> key() {
        Path key = directory.resolve("key.pub");
        return Files.exists(key) ? Optional.of(key) : Optional.empty();
    }

    Optional<Path> trustedRoot() {
        Path root = directory.resolve("trusted_root.json");
        return Files.exists(root) ? Optional.of(root) : Optional.empty();
    }

    String identity() {
        return read("identity", DEFAULT_IDENTITY);
    }

    String issuer() {
        return read("issuer", DEFAULT_ISSUER);
    }

    private String read(String file, String otherwise) {
        Path path = directory.resolve(file);
        try {
            return Files.exists(path)
                    ? Files.readString(path, StandardCharsets.UTF_8).strip()
                    : otherwise;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
