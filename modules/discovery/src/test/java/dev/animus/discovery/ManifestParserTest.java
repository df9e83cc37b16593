package dev.animus.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.animus.core.EnvDeclaration;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.ManifestRendering;
import dev.animus.core.SecretDeclaration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

class ManifestParserTest {
    static final String HEAD = """
            name = "my-plugin"
            version = "1.2.3"
            plugin_kind = "provider"
            description = "Runs agents."
            protocol_version = "1.1.0"
            """;

    @TempDir
    Path dir;

    Path write(String toml) throws IOException {
        return Files.writeString(dir.resolve("Plugin.toml"), toml);
    }

    Manifest read(String toml) throws IOException {
        return ManifestParser.pluginToml(write(toml), false).manifest();
    }

    @Nested
    class ValidPluginToml {

        @Test
        void aMinimalFileIsAManifestWithEmptyLists() throws IOException {
            Manifest m = read(HEAD);
            assertEquals("my-plugin", m.name());
            assertEquals(List.of(), m.capabilities());
            assertEquals(Optional.empty(), m.entry());
        }

        @Test
        void arraysOfTablesSectionsAndDottedKeysAllWork() throws IOException {
            Manifest m = read(HEAD + """
                    capabilities = ["agent/run", "subject_kind:task", "$ui/web"]
                    notification_buffer_size = 512
                    hooks = ["route.skills"]
                    events = ["session-start", "tool-end"]
                    data_sent = ["prompt text"]
                    network.destinations = ["API.example.com:443", "github.com"]

                    [timeouts]
                    launch = "2s"
                    "agent/run" = "30m"

                    [[env_required]]
                    name = "API_KEY"
                    sensitive = true

                    [[env_required]]
                    name = "REGION"
                    description = "where"

                    [[secrets]]
                    name = "github.token"
                    required = true
                    """);
            assertEquals(OptionalInt.of(512), m.notificationBufferSize());
            assertEquals(Duration.ofSeconds(2), m.timeouts().launch());
            assertEquals(Optional.of(Duration.ofMinutes(30)), m.timeouts().forMethod("agent/run"));
            assertEquals(
                    List.of(
                            new EnvDeclaration("API_KEY", "", true, false),
                            new EnvDeclaration("REGION", "where", false, false)),
                    m.envRequired());
            assertEquals(List.of(new SecretDeclaration("github.token", "GITHUB_TOKEN", true, "")), m.secrets());
            assertEquals(List.of("api.example.com", "github.com"), m.networkDestinations());
            assertEquals(List.of("task"), m.subjectKinds());
            assertTrue(m.servesWebUi());
        }

        @Test
        void inlineTablesWorkLikeSections() throws IOException {
            Manifest m = read(HEAD + """
                    env_required = [{ name = "API_KEY", required = true }]
                    secrets = [{ name = "tok", env = "MY_TOKEN" }]
                    network = { destinations = ["[2001:DB8::1]:8443"] }
                    timeouts = { idle = "10m" }
                    """);
            assertEquals(List.of(new EnvDeclaration("API_KEY", "", false, true)), m.envRequired());
            assertEquals("MY_TOKEN", m.secrets().getFirst().env());
            assertEquals(List.of("[2001:db8::1]:8443"), m.networkDestinations());
            assertEquals(Duration.ofMinutes(10), m.timeouts().idle());
        }

        @Test
        void aTomlFloatThatIsAWholeNumberIsAcceptedAsTheBufferSize() throws IOException {
            assertEquals(
                    OptionalInt.of(64),
                    read(HEAD + "notification_buffer_size = 64.0\n").notificationBufferSize());
        }

        @Test
        void aMultiLineDescriptionAndAByteOrderMarkArePreserved() throws IOException {
            Path file = dir.resolve("Plugin.toml");
            String text = "\uFEFF"
                    + HEAD.replace(
                            "description = \"Runs agents.\"", "description = \"\"\"\nOne.\nTwo \"quoted\".\"\"\"");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            assertEquals(
                    "One.\nTwo \"quoted\".",
                    ManifestParser.pluginToml(file, false).manifest().description());
        }

        @Test
        void aDirectoryPluginsEntryIsNormalised() throws IOException {
            Path file = write(HEAD + "entry = \"./bin/run\"\n");
            assertEquals(
                    Optional.of("bin/run"),
                    ManifestParser.pluginToml(file, true).manifest().entry());
        }

        @Test
        void aFileOfExactlyOneMebibyteIsRead() throws IOException {
            String padding = "#" + "x".repeat(ManifestParser.MAX_BYTES - HEAD.length() - 2) + "\n";
            Path file = write(HEAD + padding);
            assertEquals(ManifestParser.MAX_BYTES, Files.size(file));
            assertEquals(
                    "my-plugin",
                    ManifestParser.pluginToml(file, false).manifest().name());
        }
    }

    @Nested
    class InvalidPluginToml {

        @ParameterizedTest(name = "{0}")
        @MethodSource("dev.animus.discovery.ManifestParserTest#invalidFiles")
        void eachFailureNamesTheFileAndTheField(
                String what, String toml, boolean directoryPlugin, String field, String fragment) throws IOException {
            Path file = write(toml);
            ManifestInvalid e =
                    assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(file, directoryPlugin));
            assertEquals(file.toString(), e.source());
            assertEquals(field, e.field(), e.getMessage());
            assertTrue(e.getMessage().startsWith(file + ": " + field + ": "), e.getMessage());
            assertTrue(e.reason().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    static Stream<Arguments> invalidFiles() {
        return Stream.of(
                Arguments.of(
                        "typo'd top-level key",
                        HEAD + "polcy_hooks = []\n",
                        false,
                        "polcy_hooks",
                        "did you mean 'policy_hooks'?"),
                Arguments.of(
                        "version as a number",
                        HEAD.replace("\"1.2.3\"", "1"),
                        false,
                        "version",
                        "must be a string, not a number"),
                Arguments.of(
                        "hooks as a string",
                        HEAD + "hooks = \"route.skills\"\n",
                        false,
                        "hooks",
                        "must be an array of strings, not a string"),
                Arguments.of(
                        "env flag as a string",
                        HEAD + "[[env_required]]\nname = \"A\"\nsensitive = \"yes\"\n",
                        false,
                        "env_required[0].sensitive",
                        "must be a boolean"),
                Arguments.of(
                        "fractional buffer size",
                        HEAD + "notification_buffer_size = 3.5\n",
                        false,
                        "notification_buffer_size",
                        "whole number"),
                Arguments.of("bad name", HEAD.replace("my-plugin", "My Plugin"), false, "name", "not a plugin name"),
                Arguments.of(
                        "bad semver", HEAD.replace("\"1.2.3\"", "\"1.2\""), false, "version", "not a semantic version"),
                Arguments.of(
                        "unknown hook",
                        HEAD + "hooks = [\"route.skills\", \"route.page\"]\n",
                        false,
                        "hooks[1]",
                        "unknown hook 'route.page'"),
                Arguments.of(
                        "duplicate event",
                        HEAD + "events = [\"tool-end\", \"tool-end\"]\n",
                        false,
                        "events[1]",
                        "repeats events[0]"),
                Arguments.of(
                        "http:// destination",
                        HEAD + "[network]\ndestinations = [\"http://api.example.com\"]\n",
                        false,
                        "network.destinations[0]",
                        "has a scheme"),
                Arguments.of(
                        "localhost destination",
                        HEAD + "network = { destinations = [\"a.com\", \"localhost\"] }\n",
                        false,
                        "network.destinations[1]",
                        "local address"),
                Arguments.of("entry with ..", HEAD + "entry = \"../outside/x\"\n", true, "entry", "'..' segment"),
                Arguments.of(
                        "missing entry for a directory plugin",
                        HEAD,
                        true,
                        "entry",
                        "is required for a plugin directory"),
                Arguments.of("syntax error", HEAD + "hooks = [\"route.skills\"\n", false, "(syntax)", "line 7"),
                Arguments.of("duplicate key", HEAD + "name = \"again\"\n", false, "(syntax)", "Duplicate key"),
                Arguments.of("empty file", "", false, "name", "is required"));
    }

    @Nested
    class FileAccess {

        @Test
        void invalidUtf8IsASyntaxErrorNamingTheFile() throws IOException {
            byte[] head = HEAD.getBytes(StandardCharsets.UTF_8);
            byte[] bytes = Arrays.copyOf(head, head.length + 14);
            System.arraycopy("data_sent=[\"".getBytes(StandardCharsets.UTF_8), 0, bytes, head.length, 12);
            bytes[head.length + 12] = (byte) 0xff;
            bytes[head.length + 13] = '"';
            Path file = Files.write(dir.resolve("Plugin.toml"), bytes);
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(file, false));
            assertEquals("(syntax)", e.field());
            assertTrue(e.getMessage().startsWith(file + ": (syntax): "), e.getMessage());
            assertTrue(e.reason().contains("UTF-8"), e.getMessage());
        }

        @Test
        void aMissingFileIsNamedInOneLine() {
            Path file = dir.resolve("Plugin.toml");
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(file, false));
            assertEquals(file + ": (file): does not exist", e.getMessage());
        }

        @Test
        void aDirectoryIsNotReadAsAManifest() {
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(dir, false));
            assertEquals("(file)", e.field());
            assertTrue(e.reason().contains("not a regular file"), e.getMessage());
        }

        @Test
        void aFileOverOneMebibyteIsRefusedUnparsed() throws IOException {
            Path file = write("x".repeat(ManifestParser.MAX_BYTES + 1));
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(file, false));
            assertEquals("(file)", e.field());
            assertTrue(e.reason().contains("larger than 1 MiB"), e.getMessage());
        }

        @Test
        void aFifoIsRefusedInsteadOfBlockingTheReader() throws IOException, InterruptedException {
            Path fifo = dir.resolve("Plugin.toml");
            Process mkfifo;
            try {
                mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
            } catch (IOException noMkfifo) {
                assumeTrue(false, "mkfifo is not available");
                return;
            }
            assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.pluginToml(fifo, false));
            assertEquals("(file)", e.field());
        }
    }

    @Nested
    class ProbeJson {
        static final String SOURCE = "/p/animus-plugin-x --manifest";
        static final String BODY = "\"name\":\"x\",\"version\":\"1.0.0\",\"plugin_kind\":\"custom\","
                + "\"description\":\"\",\"protocol_version\":\"1.1.0\"";

        @Test
        void anUnknownKeyIsAWarningAndTheManifestIsValid() {
            ManifestCheck check = ManifestParser.probeJson("{" + BODY + ",\"homepage\":\"https://x\"}\n", SOURCE);
            assertEquals("x", check.manifest().name());
            assertEquals(List.of(SOURCE + ": unknown key 'homepage' ignored"), check.warnings());
        }

        @Test
        void anUnknownKeyInsideASecretIsStillRejected() {
            ManifestInvalid e = assertThrows(
                    ManifestInvalid.class,
                    () -> ManifestParser.probeJson(
                            "{" + BODY + ",\"secrets\":[{\"name\":\"t\",\"vaule\":1}]}", SOURCE));
            assertEquals("secrets[0].vaule", e.field());
        }

        @Test
        void whatTheJavaSdkPrintsIsAValidManifest() {
            String sdk = "{" + BODY + ",\"plugin_kinds\":[\"subject_backend\"],\"capabilities\":[\"$/ping\","
                    + "\"health/check\",\"echo\",\"subject_kind:task\",\"$ui/web\"],\"env_required\":[{\"name\":\"A\","
                    + "\"sensitive\":false,\"required\":false}],\"notification_buffer_size\":128.0}";
            Manifest m = ManifestParser.probeJson(sdk, SOURCE).manifest();
            assertEquals(List.of("$/ping", "health/check", "echo"), m.methods());
            assertEquals(OptionalInt.of(128), m.notificationBufferSize());
        }

        @ParameterizedTest(name = "[{0}]")
        @MethodSource("dev.animus.discovery.ManifestParserTest#notOneObject")
        void outputThatIsNotOneJsonObjectIsRefusedAtTheJsonPseudoField(String stdout, String fragment) {
            ManifestInvalid e = assertThrows(ManifestInvalid.class, () -> ManifestParser.probeJson(stdout, SOURCE));
            assertEquals(SOURCE, e.source());
            assertEquals("(json)", e.field(), e.getMessage());
            assertTrue(e.reason().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    static Stream<Arguments> notOneObject() {
        String ok = "{" + ProbeJson.BODY + "}";
        return Stream.of(
                Arguments.of("", "empty"),
                Arguments.of(" \n", "empty"),
                Arguments.of("[1]", "a JSON array"),
                Arguments.of("\"manifest\"", "a JSON scalar"),
                Arguments.of("null", "null"),
                Arguments.of("starting plugin...\n" + ok, "Unrecognized token"),
                Arguments.of(ok + " trailing", "exactly one JSON object"),
                Arguments.of(ok + "\n" + ok, "Trailing token"),
                Arguments.of("{\"name\":\"x\",\"name\":\"y\"}", "Duplicate"),
                Arguments.of("{\"name\":", "exactly one JSON object"),
                Arguments.of(" ".repeat(ManifestParser.MAX_BYTES + 1), "larger than 1 MiB"));
    }

    @Nested
    class RoundTrip {

        static LongStream seeds() {
            return LongStream.range(0, 200);
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("dev.animus.discovery.ManifestParserTest$RoundTrip#seeds")
        void parsingTheRenderedTomlGivesTheSameManifest(long seed) throws IOException {
            Manifest m = new ManifestSamples(seed).manifest();
            String toml = ManifestParser.renderToml(m);
            ManifestCheck check =
                    ManifestParser.pluginToml(write(toml), m.entry().isPresent());
            assertEquals(m, check.manifest(), () -> "seed " + seed + ":\n" + toml);
            assertEquals(List.of(), check.warnings());
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("dev.animus.discovery.ManifestParserTest$RoundTrip#seeds")
        void probingTheRenderedJsonGivesTheSameManifest(long seed) {
            Manifest m = new ManifestSamples(seed).manifest();
            String json = JsonMapper.shared().writeValueAsString(ManifestRendering.toMap(m));
            assertEquals(
                    m, ManifestParser.probeJson(json, "seed " + seed).manifest(), () -> "seed " + seed + ": " + json);
        }
    }
}
