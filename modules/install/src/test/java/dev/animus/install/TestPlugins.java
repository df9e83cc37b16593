package dev.animus.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The caller's environment of these tests, and the Python example plugin they install. */
final class TestPlugins {
    static final Map<String, String> CALLER = Map.of(
            "PATH",
            System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
            "HOME",
            System.getProperty("java.io.tmpdir"),
            "SECRET_TOKEN",
            "x",
            "DECLARED_URL",
            "https://example.test");

    private TestPlugins() {}

    static Path pythonEcho() {
        Path p = Path.of(System.getProperty("animus.examples.dir"), "python-echo", "animus-plugin-pyecho");
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException("example plugin missing: " + p);
        }
        return p;
    }
}
