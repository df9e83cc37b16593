package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.host.CallOptions;
import dev.animus.host.ProjectBinding;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The application API's side of project binding: a host started bound (as a daemon's is) binds
 * every plugin registered with it, a registration may name its own binding, and the launcher comes
 * from {@code ANIMUS_LAUNCHER}. The plugin is a real process reporting its cwd and initialize params.
 */
class PluginsBindingTest {
    private static final String REPORTER = """
            import json, os, sys
            if sys.argv[1:] == ["--manifest"]:
                print(json.dumps({"name": "reporter", "version": "1.0.0", "plugin_kind": "custom", "plugin_kinds": [],
                                  "description": "reports its cwd and initialize params", "protocol_version": "1.1.0",
                                  "env_required": [], "capabilities": ["context"], "data_sent": [],
                                  "timeouts": {"launch": "30s"}}), flush=True)
                sys.exit(0)
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
                    r = {"protocol_version": "1.1.0", "plugin_info": {"name": "reporter", "version": "1.0.0",
                         "plugin_kind": "custom"}, "capabilities": {"methods": ["context"]}}
                elif method == "context":
                    r = {"cwd": os.getcwd(), "initialize": init}
                else:
                    r = {}
                print(json.dumps({"jsonrpc": "2.0", "id": i, "result": r}), flush=True)
            """;

    @TempDir
    Path dir;

    private static JsonNode context(PluginHandle handle) {
        return handle.call("context", JsonNodeFactory.instance.objectNode(), CallOptions.defaults());
    }

    @Test
    void aHostStartedBoundBindsEveryPluginRegisteredWithIt() throws IOException {
        AnimusHome home = Installs.home(dir);
        InstallReport installed = Installs.ready(
                home,
                TestPlugins.python(Files.createDirectories(dir.resolve("src")), "animus-plugin-reporter", REPORTER));
        Animus animus = Animus.open(home.paths(), home.callerEnvironment());
        ProjectBinding binding = animus.projectBinding();
        assertEquals(dir.resolve("project").toRealPath(), binding.projectRoot());
        try (Plugins plugins = Plugins.start(TestPlugins.HELLO, binding)) {
            JsonNode got = context(animus.register(animus.permit(installed.name(), "default"), plugins));
            assertEquals(binding.projectRoot().toString(), got.path("cwd").asString(), got.toString());
            assertEquals(
                    binding.projectRoot().toString(),
                    got.path("initialize")
                            .path("init_extensions")
                            .path("project_binding")
                            .path("project_root")
                            .asString());
        }
        try (Plugins plugins = Plugins.start(TestPlugins.HELLO)) {
            JsonNode unbound = context(animus.register(animus.permit(installed.name(), "default"), plugins));
            assertEquals(
                    Path.of("").toRealPath().toString(), unbound.path("cwd").asString());
            assertFalse(unbound.path("initialize").has("init_extensions"), unbound.toString());
            JsonNode bound =
                    context(animus.register(animus.permit(installed.name(), "default"), plugins, Optional.of(binding)));
            assertEquals(binding.projectRoot().toString(), bound.path("cwd").asString(), "bound replaces the warm one");
        }
    }

    @Test
    void theLauncherIsTheAbsolutePathTheEnvironmentNames() {
        assertEquals(
                Optional.of(Path.of("/opt/animus/bin/animus")),
                Plugins.Options.fromEnvironment(Map.of("ANIMUS_LAUNCHER", "/opt/animus/bin/animus"))
                        .launcher());
        assertEquals(Optional.empty(), Plugins.Options.fromEnvironment(Map.of()).launcher());
        assertEquals(
                Optional.empty(),
                Plugins.Options.fromEnvironment(Map.of("ANIMUS_LAUNCHER", "")).launcher());
        assertEquals(
                Optional.empty(),
                Plugins.Options.fromEnvironment(Map.of("ANIMUS_LAUNCHER", "bin/animus"))
                        .launcher(),
                "relative: no launcher");
        assertEquals(Optional.empty(), Plugins.Options.defaults().projectBinding());
    }

    @Test
    void aProjectRootThatIsNoDirectoryCannotBeBound() throws IOException {
        AnimusHome home = Installs.home(dir);
        Files.delete(dir.resolve("project"));
        Animus animus = Animus.open(home.paths(), home.callerEnvironment());
        PathUnreadable e = assertThrows(PathUnreadable.class, animus::projectBinding);
        assertEquals(
                dir.resolve("project") + ": cannot be read: no such directory (give the project's directory)",
                e.getMessage());
        Files.writeString(dir.resolve("project"), "a file");
        assertThrows(PathUnreadable.class, animus::projectBinding);
    }
}
