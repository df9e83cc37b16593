package dev.animus.host;

import dev.animus.core.HostHello;
import dev.animus.core.InitializeResult;
import dev.animus.core.PluginCapabilities;
import dev.animus.core.PluginInfo;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Maps the {@code initialize} exchange between JSON and core's records
 * (docs/protocol.md#the-initialize-request). Reading is strict on what the host relies on
 * ({@code protocol_version}, {@code plugin_info.name}, {@code plugin_info.version},
 * {@code plugin_info.plugin_kind}) and lenient on the rest: missing lists are empty, missing
 * booleans false, unknown fields ignored.
 */
public final class InitializeResults {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private InitializeResults() {}

    /** The params of the host's {@code initialize} request. */
    static ObjectNode params(HostHello hello, InitExtensions initExtensions) {
        ObjectNode p = JSON.objectNode();
        p.put("protocol_version", hello.protocolVersion());
        p.putObject("host_info").put("name", hello.hostName()).put("version", hello.hostVersion());
        p.putObject("capabilities")
                .put("streaming", hello.streaming())
                .put("progress", hello.progress())
                .put("cancellation", hello.cancellation());
        if (!initExtensions.isEmpty()) {
            ObjectNode ext = p.putObject("init_extensions");
            initExtensions
                    .projectBinding()
                    .ifPresent(b -> ext.putObject("project_binding")
                            .put("project_root", b.projectRoot().toString()));
            initExtensions
                    .launcher()
                    .ifPresent(l -> ext.putObject("memory_mcp_stdio_command").put("command", l.toString()));
            initExtensions.controlSocket().ifPresent(c -> ext.put("control_socket", c.toString()));
        }
        return p;
    }

    /**
     * Reads an InitializeResult.
     *
     * @throws IllegalArgumentException naming the first field that is missing or of the wrong type
     */
    static InitializeResult read(JsonNode result) {
        if (!result.isObject()) {
            throw new IllegalArgumentException("the initialize result is not a JSON object");
        }
        String protocol = requiredString(result, "protocol_version", "protocol_version");
        JsonNode info = result.path("plugin_info");
        if (!info.isObject()) {
            throw new IllegalArgumentException("plugin_info is missing or not an object");
        }
        PluginInfo pluginInfo = new PluginInfo(
                requiredString(info, "name", "plugin_info.name"),
                requiredString(info, "version", "plugin_info.version"),
                requiredString(info, "plugin_kind", "plugin_info.plugin_kind"),
                strings(info, "plugin_kinds", "plugin_info.plugin_kinds"),
                optionalString(info, "description", "plugin_info.description"));
        JsonNode caps = result.path("capabilities");
        if (!caps.isMissingNode() && !caps.isObject()) {
            throw new IllegalArgumentException("capabilities is not an object");
        }
        PluginCapabilities capabilities = new PluginCapabilities(
                strings(caps, "methods", "capabilities.methods"),
                flag(caps, "streaming"),
                flag(caps, "progress"),
                flag(caps, "cancellation"),
                strings(caps, "subject_kinds", "capabilities.subject_kinds"));
        return new InitializeResult(protocol, pluginInfo, capabilities);
    }

    private static String requiredString(JsonNode node, String field, String path) {
        JsonNode v = node.path(field);
        if (!v.isString()) {
            throw new IllegalArgumentException(path + (v.isMissingNode() ? " is missing" : " is not a string"));
        }
        return v.stringValue();
    }

    private static String optionalString(JsonNode node, String field, String path) {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return "";
        }
        if (!v.isString()) {
            throw new IllegalArgumentException(path + " is not a string");
        }
        return v.stringValue();
    }

    private static List<String> strings(JsonNode node, String field, String path) {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new IllegalArgumentException(path + " is not an array of strings");
        }
        List<String> out = new ArrayList<>(v.size());
        for (JsonNode e : v) {
            if (!e.isString()) {
                throw new IllegalArgumentException(path + " holds a value that is not a string");
            }
            out.add(e.stringValue());
        }
        return out;
    }

    private static boolean flag(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isBoolean() && v.booleanValue();
    }

    /** The InitializeResult as the JSON the plugin sent, normalised (for {@code info --json}). */
    public static ObjectNode toJson(InitializeResult r) {
        ObjectNode o = JSON.objectNode();
        o.put("protocol_version", r.protocolVersion());
        ObjectNode info = o.putObject("plugin_info");
        info.put("name", r.pluginInfo().name());
        info.put("version", r.pluginInfo().version());
        info.put("plugin_kind", r.pluginInfo().pluginKind());
        r.pluginInfo().pluginKinds().forEach(info.putArray("plugin_kinds")::add);
        info.put("description", r.pluginInfo().description());
        ObjectNode caps = o.putObject("capabilities");
        r.capabilities().methods().forEach(caps.putArray("methods")::add);
        caps.put("streaming", r.capabilities().streaming());
        caps.put("progress", r.capabilities().progress());
        caps.put("cancellation", r.capabilities().cancellation());
        r.capabilities().subjectKinds().forEach(caps.putArray("subject_kinds")::add);
        return o;
    }
}
