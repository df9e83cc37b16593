package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Manifest;
import dev.animus.discovery.ManifestParser;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The {@code Plugin.toml} shipped in the image says what the plugin's {@code --manifest} says, read
 * with the host's own parser, and names a launcher of this module that is there.
 */
class PluginTomlTest {
    private static final Path DIR = Path.of("src/image/animus-transport-http");

    private static Manifest shipped() {
        return ManifestParser.pluginToml(DIR.resolve("Plugin.toml"), true).manifest();
    }

    @Test
    void thePluginTomlAgreesWithTheManifestTheCodePrints() {
        Manifest toml = shipped();
        Manifest code = ManifestParser.probeJson(
                        new HttpTransportPlugin(
                                        InstantSource.system(), new PrintStream(OutputStream.nullOutputStream()))
                                .plugin()
                                .manifest()
                                .toString(),
                        "animus-transport-http --manifest")
                .manifest();
        assertEquals(code.name(), toml.name());
        assertEquals(code.version(), toml.version());
        assertEquals(code.kind(), toml.kind());
        assertEquals(code.description(), toml.description());
        assertEquals(code.protocolVersion(), toml.protocolVersion());
        assertEquals(new TreeSet<>(code.capabilities()), new TreeSet<>(toml.capabilities()));
        assertEquals(code.timeouts(), toml.timeouts());
        assertEquals(
                new TreeSet<>(List.of(
                        "$/ping",
                        "health/check",
                        "transport/start",
                        "transport/info",
                        "transport/shutdown",
                        "$ui/web")),
                new TreeSet<>(toml.capabilities()),
                "the capabilities of a UI transport");
    }

    @Test
    void theEntryIsAnExecutableLauncherOfThisModule() throws Exception {
        Optional<String> entry = shipped().entry();
        assertEquals(Optional.of("animus-transport-http"), entry);
        Path launcher = DIR.resolve(entry.orElseThrow());
        assertTrue(Files.isExecutable(launcher), launcher + " is not executable");
        String text = Files.readString(launcher);
        assertTrue(text.contains("module=dev.animus.plugins.http"), "the launcher runs another module");
        assertTrue(text.contains("$module.HttpTransportPlugin"), "the launcher runs another class");
    }
}
