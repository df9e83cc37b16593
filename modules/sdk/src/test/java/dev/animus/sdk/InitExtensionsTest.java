package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The host's {@code init_extensions} as the request context reads them: the project and the launcher. */
class InitExtensionsTest {

    private static Plugin reporter() {
        return Plugin.builder(PluginDefinition.of("reporter", "0.1.0", "custom", "reports its extensions"))
                .method("where", r -> {
                    var out = new LinkedHashMap<String, Object>();
                    out.put("project_root", r.projectRoot().map(Path::toString).orElse("none"));
                    out.put(
                            "command",
                            r.memoryMcpStdioCommand().map(Path::toString).orElse("none"));
                    out.put(
                            "control_socket",
                            r.controlSocket().map(Path::toString).orElse("none"));
                    return out;
                })
                .build();
    }

    private static JsonNode where(String initializeParams) {
        try (var host = HostEnd.connect(reporter())) {
            host.call(0, "initialize", initializeParams);
            host.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
            return host.call(1, "where", "{}").path("result");
        }
    }

    @Test
    void theBindingAndTheLauncherAreReadFromTheirObjects() {
        JsonNode got = where("{\"protocol_version\":\"1.1.0\",\"init_extensions\":{"
                + "\"project_binding\":{\"project_root\":\"/work/project\"},"
                + "\"memory_mcp_stdio_command\":{\"command\":\"/opt/animus/bin/animus\"},"
                + "\"control_socket\":\"/run/animus/control.sock\",\"unknown\":{\"x\":1}}}");
        assertEquals("/work/project", got.path("project_root").asString(), got.toString());
        assertEquals("/opt/animus/bin/animus", got.path("command").asString(), got.toString());
        assertEquals("/run/animus/control.sock", got.path("control_socket").asString(), got.toString());
    }

    @Test
    void noExtensionsOrOddValuesAreNone() {
        JsonNode none = where("{\"protocol_version\":\"1.1.0\"}");
        assertEquals("none", none.path("project_root").asString(), none.toString());
        assertEquals("none", none.path("command").asString(), none.toString());
        assertEquals("none", none.path("control_socket").asString(), none.toString());
        JsonNode odd = where("{\"protocol_version\":\"1.1.0\",\"init_extensions\":{"
                + "\"project_binding\":\"/work/project\",\"memory_mcp_stdio_command\":{\"command\":\"bin/animus\"}}}");
        assertEquals("none", odd.path("project_root").asString(), "a string, not the object: " + odd);
        assertEquals("none", odd.path("command").asString(), "relative: " + odd);
    }
}
