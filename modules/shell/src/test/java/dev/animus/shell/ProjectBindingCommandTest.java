package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one rule of project binding (docs/protocol.md#the-initialize-request): a one-shot command
 * keeps the caller's working directory and binds nothing, unless {@code --project-root} is given;
 * then its plugins run in the project's canonical root and are told it. The launcher the
 * {@code animus} script names in {@code ANIMUS_LAUNCHER} is told either way. The plugin is a real
 * process reporting its working directory and the initialize params it received.
 */
class ProjectBindingCommandTest {
    private static final JsonMapper JSON = JsonMapper.shared();

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
    Path root;

    Map<String, String> env;
    Path plugin;
    /** The project, canonical. */
    Path project;
    /** A link to the project: what the operator names. */
    Path link;

    @BeforeEach
    void install() throws IOException {
        env = Cli.env(root);
        project = Files.createDirectories(root.resolve("project")).toRealPath();
        link = Files.createSymbolicLink(root.resolve("link"), project);
        plugin = Cli.python(Files.createDirectories(root.resolve("plugin")), "animus-plugin-reporter", REPORTER);
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent reporter --yes",
                "plugin enable reporter")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    private static JsonNode context(Cli.Run r) {
        assertEquals(0, r.exitCode(), r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void withProjectRootThePluginRunsInTheCanonicalRootAndIsToldIt() {
        JsonNode got = context(Cli.inProject(env, link, "plugin", "call", "reporter", "context"));
        assertEquals(project.toString(), got.path("cwd").asString(), got.toString());
        JsonNode binding = got.path("initialize").path("init_extensions").path("project_binding");
        assertTrue(binding.isObject(), got.toString());
        assertEquals(project.toString(), binding.path("project_root").asString(), "canonical: the link resolved");
    }

    @Test
    void withoutProjectRootThePluginKeepsTheCallersDirectoryAndIsToldNoProject() throws IOException {
        JsonNode got = context(Cli.runWith(env, "", "plugin", "call", "reporter", "context"));
        assertEquals(Path.of("").toRealPath().toString(), got.path("cwd").asString(), got.toString());
        assertFalse(got.path("initialize").has("init_extensions"), "no binding, no launcher: " + got);
    }

    @Test
    void theLauncherIsToldWhenTheScriptNamesItBoundOrNot() {
        env.put("ANIMUS_LAUNCHER", "/opt/animus/bin/animus");
        JsonNode unbound = context(Cli.runWith(env, "", "plugin", "call", "reporter", "context"))
                .path("initialize")
                .path("init_extensions");
        assertFalse(unbound.has("project_binding"), unbound.toString());
        assertEquals(
                "/opt/animus/bin/animus",
                unbound.path("memory_mcp_stdio_command").path("command").asString(),
                unbound.toString());
        JsonNode bound = context(Cli.inProject(env, project, "plugin", "call", "reporter", "context"))
                .path("initialize")
                .path("init_extensions");
        assertEquals(
                project.toString(),
                bound.path("project_binding").path("project_root").asString());
        assertEquals(
                "/opt/animus/bin/animus",
                bound.path("memory_mcp_stdio_command").path("command").asString());
        env.put("ANIMUS_LAUNCHER", "bin/animus");
        assertFalse(
                context(Cli.runWith(env, "", "plugin", "call", "reporter", "context"))
                        .path("initialize")
                        .has("init_extensions"),
                "a relative path names no launcher");
    }

    @Test
    void aScriptGivenProjectRootBindsEveryLine() {
        Cli.Run r = Cli.runWith(env, "plugin call reporter context\n", "--project-root", link.toString());
        JsonNode got = context(r);
        assertEquals(project.toString(), got.path("cwd").asString(), got.toString());
        assertEquals(
                project.toString(),
                got.path("initialize")
                        .path("init_extensions")
                        .path("project_binding")
                        .path("project_root")
                        .asString());
    }

    @Test
    void pluginDevFollowsTheSameRule() throws IOException {
        JsonNode bound = context(Cli.inProject(env, link, "plugin", "dev", plugin.toString(), "call", "context"));
        assertEquals(project.toString(), bound.path("cwd").asString(), bound.toString());
        assertEquals(
                project.toString(),
                bound.path("initialize")
                        .path("init_extensions")
                        .path("project_binding")
                        .path("project_root")
                        .asString());
        JsonNode unbound = context(Cli.runWith(env, "", "plugin", "dev", plugin.toString(), "call", "context"));
        assertEquals(Path.of("").toRealPath().toString(), unbound.path("cwd").asString(), unbound.toString());
        assertFalse(unbound.path("initialize").has("init_extensions"), unbound.toString());
    }

    @Test
    void aProjectRootThatIsNoDirectoryIsOneLineNamingIt() {
        Path missing = root.resolve("no-such-project");
        Cli.Run r = Cli.inProject(env, missing, "plugin", "call", "reporter", "context");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(
                "error: --project-root " + missing
                        + ": cannot be read: no such directory (give the project's directory)",
                r.errLine());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
