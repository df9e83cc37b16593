package dev.animus.plugins.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Manifest;
import dev.animus.discovery.ManifestParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The {@code Plugin.toml} shipped in the image says what the plugin's {@code --manifest} says, read
 * with the host's own parser, and names a launcher of this module that is there.
 */
class PluginTomlTest {
    private static final Path DIR = Path.of("src/image/animus-workflow-runner");

    private static Manifest shipped() {
        return ManifestParser.pluginToml(DIR.resolve("Plugin.toml"), true).manifest();
    }

    @Test
    void thePluginTomlAgreesWithTheManifestTheCodePrints() {
        Manifest toml = shipped();
        Manifest code = ManifestParser.probeJson(
                        new WorkflowPlugin(System.err).plugin().manifest().toString(),
                        "animus-workflow-runner --manifest")
                .manifest();
        assertEquals(code.name(), toml.name());
        assertEquals(code.version(), toml.version());
        assertEquals(code.kind(), toml.kind());
        assertEquals(code.description(), toml.description());
        assertEquals(code.protocolVersion(), toml.protocolVersion());
        assertEquals(new TreeSet<>(code.capabilities()), new TreeSet<>(toml.capabilities()));
        assertEquals(code.timeouts(), toml.timeouts());
    }

    @Test
    void theEntryIsAnExecutableLauncherOfThisModule() throws Exception {
        Optional<String> entry = shipped().entry();
        assertEquals(Optional.of("animus-workflow-runner"), entry);
        Path launcher = DIR.resolve(entry.orElseThrow());
        assertTrue(Files.isExecutable(launcher), launcher + " is not executable");
        String text = Files.readString(launcher);
        assertTrue(text.contains("module=dev.animus.plugins.workflow"), "the launcher runs another module");
        assertTrue(text.contains("$module.WorkflowPlugin"), "the launcher runs another class");
    }
}
