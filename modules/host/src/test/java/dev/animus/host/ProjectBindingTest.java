package dev.animus.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.TimeoutTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A bound plugin runs in its project's root and is told the root in {@code initialize}; every
 * plugin is told the launcher when the host knows it (docs/protocol.md#the-initialize-request).
 * The plugin is a real process reporting its working directory and the params it received.
 */
class ProjectBindingTest {
    private static final Duration CALL = Duration.ofSeconds(20);

    /** Reports its working directory and the initialize params it received ({@code context}). */
    static final String REPORTER = """
            import json, os, sys
            init = None
            for line in sys.stdin:
                m = json.loads(line)
                method, i = m.get("method"), m.get("id")
                if i is None:
                    if method == "exit":
                        sys.exit(0)
                    continue
                if method == "initialize":
                    init = m.get("params")
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "reporter", "version": "0.1.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["context"]}}
                elif method == "context":
                    r = {"cwd": os.getcwd(), "initialize": init}
                else:
                    r = {}
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            """;

    @TempDir
    Path dir;

    Path plugin;
    Path project;

    @BeforeEach
    void write() throws IOException {
        plugin = TestPlugins.python(Files.createDirectories(dir.resolve("bin")), "animus-plugin-reporter", REPORTER);
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
    }

    private JsonNode context(PluginSession session) throws Exception {
        return session.call("context", JsonNodeFactory.instance.objectNode(), CALL)
                .result()
                .get();
    }

    @Test
    void aBoundPluginRunsInTheRootAndReceivesTheBindingAndTheLauncher() throws Exception {
        Path launcher = dir.resolve("image/bin/animus");
        LaunchSpec spec = TestPlugins.spec(plugin).withProjectBinding(Optional.of(new ProjectBinding(project)));
        try (PluginSession s =
                PluginSession.launch(spec, TestPlugins.HELLO, Optional.of(launcher), TestPlugins.LAUNCH)) {
            JsonNode got = context(s);
            assertEquals(project.toString(), got.path("cwd").asString(), got.toString());
            JsonNode ext = got.path("initialize").path("init_extensions");
            assertTrue(ext.path("project_binding").isObject(), got.toString());
            assertEquals(
                    project.toString(),
                    ext.path("project_binding").path("project_root").asString());
            assertEquals(1, ext.path("project_binding").size(), "the binding holds project_root only");
            assertEquals(
                    launcher.toString(),
                    ext.path("memory_mcp_stdio_command").path("command").asString());
            assertEquals(
                    "1.1.0", got.path("initialize").path("protocol_version").asString(), "the rest unchanged");
        }
    }

    @Test
    void anUnboundPluginRunsInTheCallersDirectoryAndReceivesNoExtensions() throws Exception {
        try (PluginSession s = PluginSession.launch(TestPlugins.spec(plugin), TestPlugins.HELLO, TestPlugins.LAUNCH)) {
            JsonNode got = context(s);
            assertEquals(Path.of("").toRealPath().toString(), got.path("cwd").asString(), "the caller's cwd");
            assertTrue(got.path("initialize").isObject(), got.toString());
            assertFalse(got.path("initialize").has("init_extensions"), got.toString());
        }
    }

    @Test
    void anUnboundPluginIsStillToldTheLauncher() throws Exception {
        Path launcher = dir.resolve("animus");
        try (PluginSession s = PluginSession.launch(
                TestPlugins.spec(plugin), TestPlugins.HELLO, Optional.of(launcher), TestPlugins.LAUNCH)) {
            JsonNode ext = context(s).path("initialize").path("init_extensions");
            assertFalse(ext.has("project_binding"), ext.toString());
            assertEquals(
                    launcher.toString(),
                    ext.path("memory_mcp_stdio_command").path("command").asString());
        }
    }

    @Test
    void theHostsLauncherAndTheRegistrationsBindingReachThePluginThroughTheSupervisor() throws Exception {
        Path launcher = dir.resolve("animus");
        LaunchSpec spec = TestPlugins.spec(plugin).withProjectBinding(Optional.of(new ProjectBinding(project)));
        try (PluginHost host =
                PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO).withLauncher(Optional.of(launcher)))) {
            Supervisor s = host.register(new PluginRegistration(
                    "reporter", spec, TimeoutTable.defaults().with(TimeoutTable.LAUNCH, TestPlugins.LAUNCH)));
            JsonNode got = s.call("context", JsonNodeFactory.instance.objectNode());
            assertEquals(project.toString(), got.path("cwd").asString());
            JsonNode ext = got.path("initialize").path("init_extensions");
            assertEquals(
                    project.toString(),
                    ext.path("project_binding").path("project_root").asString());
            assertEquals(
                    launcher.toString(),
                    ext.path("memory_mcp_stdio_command").path("command").asString());
        }
    }

    @Test
    void aBindingPinsTheWorkingDirectoryAndUnbindingFreesIt() {
        ProjectBinding binding = new ProjectBinding(project);
        LaunchSpec bound = TestPlugins.spec(plugin).withProjectBinding(Optional.of(binding));
        assertEquals(Optional.of(project), bound.workingDirectory());
        assertEquals(
                Optional.empty(), bound.withProjectBinding(Optional.empty()).workingDirectory());
        assertThrows(
                IllegalArgumentException.class,
                () -> new LaunchSpec(
                        "p",
                        plugin,
                        bound.environmentPolicy(),
                        TestPlugins.CALLER,
                        java.util.Map.of(),
                        Optional.of(dir),
                        Optional.empty(),
                        Optional.of(binding)),
                "a bound plugin runs in its root, not elsewhere");
        assertThrows(IllegalArgumentException.class, () -> new ProjectBinding(Path.of("relative")));
    }

    @Test
    void theParamsCarryObjectsAndNoExtensionsWhenNoneAreKnown() {
        var none = InitializeResults.params(TestPlugins.HELLO, InitExtensions.NONE);
        assertFalse(none.has("init_extensions"), none.toString());
        var both = InitializeResults.params(
                TestPlugins.HELLO,
                new InitExtensions(
                        Optional.of(new ProjectBinding(project)), Optional.of(Path.of("/opt/animus/bin/animus"))));
        assertEquals(
                "{\"project_binding\":{\"project_root\":\"" + project + "\"},"
                        + "\"memory_mcp_stdio_command\":{\"command\":\"/opt/animus/bin/animus\"}}",
                both.path("init_extensions").toString());
        var socket = InitializeResults.params(
                TestPlugins.HELLO,
                new InitExtensions(
                        Optional.empty(), Optional.empty(), Optional.of(Path.of("/run/animus/control.sock"))));
        assertEquals(
                "{\"control_socket\":\"/run/animus/control.sock\"}",
                socket.path("init_extensions").toString());
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchSpec.of(Path.of("/bin/true"), List.of(), Map.of())
                        .withControlSocket(Optional.of(Path.of("relative.sock"))));
    }
}
