package dev.animus.runtime;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostHello;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** The plugins the reactor built, and small script plugins written by a test. */
final class TestPlugins {
    /** JVM plugins start in a few hundred ms; leave room for a loaded 2-core machine. */
    static final Duration LAUNCH = Duration.ofSeconds(20);

    static final HostHello HELLO = HostHello.animus("test");
    /**
     * The caller's {@code HOME} that plugins see: a directory of this test run's own, never the
     * operator's home nor {@code $TMPDIR} itself (which every run shares).
     */
    static final Path CALLER_HOME = ownHome();

    static final Map<String, String> CALLER = Map.of(
            "PATH",
            System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
            "HOME",
            CALLER_HOME.toString(),
            "SECRET_TOKEN",
            "x",
            "DECLARED_URL",
            "https://example.test");

    private TestPlugins() {}

    private static Path ownHome() {
        try {
            Path home = Files.createTempDirectory("animus-runtime-test-home-");
            home.toFile().deleteOnExit(); // removed at exit if nothing was left in it
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path echo() {
        return built("animus-plugin-echo");
    }

    static Path misbehaving() {
        return built("animus-plugin-misbehaving");
    }

    static Path pythonEcho() {
        Path p = Path.of(System.getProperty("animus.examples.dir"), "python-echo", "animus-plugin-pyecho");
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException("example plugin missing: " + p);
        }
        return p;
    }

    private static Path built(String name) {
        Path p = Path.of(System.getProperty("animus.testplugins.dir"), name);
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException("test plugin missing: " + p + " (build modules/testplugins first)");
        }
        return p;
    }

    /** A Python 3 plugin written by a test into {@code dir}. */
    static Path python(Path dir, String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/usr/bin/env python3\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    static LaunchSpec spec(Path exe, String... declared) {
        return new LaunchSpec(
                exe.getFileName().toString(),
                exe,
                EnvironmentPolicy.declaring(Set.of(declared)),
                CALLER,
                Map.of(),
                Optional.empty());
    }

    static PluginSession launch(Path exe, String... declared) {
        return PluginSession.launch(spec(exe, declared), HELLO, LAUNCH);
    }

    static List<String> names(JsonNode object) {
        return List.copyOf(object.propertyNames());
    }
}
