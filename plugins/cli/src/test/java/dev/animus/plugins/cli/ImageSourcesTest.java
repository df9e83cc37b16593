package dev.animus.plugins.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The sources of {@code <image>/plugins/animus-provider-cli/}: Plugin.toml and the launcher. */
class ImageSourcesTest {

    private static final Path DIR = Path.of("src", "image", "animus-provider-cli");

    @Test
    void pluginTomlSaysWhatTheManifestSays() throws IOException {
        Map<String, Object> toml = Toml.parse(Files.readString(DIR.resolve("Plugin.toml")));
        JsonNode manifest = CliProvider.plugin().manifest();
        for (String key : List.of("name", "version", "plugin_kind", "description", "protocol_version")) {
            assertEquals(manifest.get(key).asString(), toml.get(key), key);
        }
        List<String> capabilities = manifest.get("capabilities")
                .valueStream()
                .map(JsonNode::asString)
                .toList();
        assertEquals(capabilities, toml.get("capabilities"));
        Map<?, ?> timeouts = (Map<?, ?>) toml.get("timeouts");
        manifest.get("timeouts")
                .properties()
                .forEach(e -> assertEquals(e.getValue().asString(), timeouts.get(e.getKey())));
        assertEquals(manifest.get("timeouts").size(), timeouts.size());
        Path entry = DIR.resolve((String) toml.get("entry"));
        assertTrue(Files.isRegularFile(entry) && Files.isExecutable(entry), entry + " is the executable launcher");
    }

    private record Result(int code, String out, String err) {}

    private static Result launch(Map<String, String> env, String... args) throws Exception {
        var command = new java.util.ArrayList<>(
                List.of(DIR.resolve("animus-provider-cli").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        var builder =
                new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        builder.environment().putAll(env);
        Process p = builder.start();
        p.getOutputStream().close();
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        return new Result(
                p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void theLauncherRefusesToRunWithoutAnImage() throws Exception {
        Result r = launch(Map.of(), "--manifest");
        assertEquals(127, r.code());
        assertTrue(
                r.err().contains("ANIMUS_JAVA_HOME (unset) is not a runtime image holding dev.animus.plugins.cli"),
                r.err());
    }

    @Test
    void theLauncherRunsThePluginOnTheImagesJava(@TempDir Path image) throws Exception {
        // a stand-in for the image: its java is this JDK's, with the module path of this build
        Files.createDirectories(image.resolve("bin"));
        Path java = image.resolve("bin/java");
        Files.writeString(
                java,
                "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -p '"
                        + System.getProperty("jdk.module.path") + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(image.resolve("release"), "MODULES=\"java.base dev.animus.sdk dev.animus.plugins.cli\"\n");
        Result r = launch(Map.of("ANIMUS_JAVA_HOME", image.toString()), "--manifest");
        assertEquals(0, r.code(), r.err());
        assertEquals(CliProvider.plugin().manifest().toString(), r.out().strip());
    }
}
