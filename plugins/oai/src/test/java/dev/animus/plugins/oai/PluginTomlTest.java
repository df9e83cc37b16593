package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Manifest;
import dev.animus.discovery.ManifestParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The {@code Plugin.toml} shipped in the image says what the plugin's {@code --manifest} says, read
 * with the host's own parser, and names a launcher that is there.
 */
class PluginTomlTest {
    private static final Path DIR = Path.of("src/image/animus-provider-oai");

    private static Manifest shipped() {
        return ManifestParser.pluginToml(DIR.resolve("Plugin.toml"), true).manifest();
    }

    private static Manifest probed() {
        String json = OaiPlugin.plugin(Map.of(), ChatLimits.DEFAULT).manifest().toString();
        return ManifestParser.probeJson(json, "oai --manifest").manifest();
    }

    @Test
    void thePluginTomlAgreesWithTheManifestTheCodePrints() {
        Manifest toml = shipped();
        Manifest code = probed();
        assertEquals(code.name(), toml.name());
        assertEquals(code.version(), toml.version());
        assertEquals(code.kind(), toml.kind());
        assertEquals(code.description(), toml.description());
        assertEquals(code.protocolVersion(), toml.protocolVersion());
        assertEquals(new TreeSet<>(code.capabilities()), new TreeSet<>(toml.capabilities()));
        assertEquals(code.envRequired(), toml.envRequired());
        assertEquals(code.timeouts(), toml.timeouts());
        assertEquals(code.dataSent(), toml.dataSent());
        assertEquals(code.secrets(), toml.secrets());
        assertEquals(
                List.of("OPENAI_API_KEY"),
                toml.secrets().stream().map(s -> s.env()).toList());
    }

    @Test
    void theEntryIsAnExecutableLauncherOfThisModule() throws Exception {
        Optional<String> entry = shipped().entry();
        assertEquals(Optional.of("bin/animus-provider-oai"), entry);
        Path launcher = DIR.resolve(entry.orElseThrow());
        assertTrue(Files.isExecutable(launcher), launcher + " is not executable");
        String text = Files.readString(launcher);
        assertTrue(text.contains("module=dev.animus.plugins.oai"), "the launcher runs another module");
        assertTrue(text.contains("$module.OaiPlugin"), "the launcher runs another class");
    }
}
