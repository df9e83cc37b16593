package dev.animus.sdk;

import dev.animus.core.SemVer;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;

/**
 * The plugin's side of {@code initialize} (docs/protocol.md#the-initialize-request,
 * docs/protocol.md#version-compatibility): the host's protocol version must be a strict semantic
 * version with the plugin's major; minor and patch drift is accepted.
 */
final class Handshake {

    private Handshake() {}

    /**
     * Checks the host's {@code initialize} params against the plugin's protocol version.
     *
     * @throws PluginError {@code -32602} naming both versions when they cannot talk, or when the
     *     params carry no {@code protocol_version} string
     */
    static void check(JsonNode params, String pluginVersion) {
        JsonNode v = params.get("protocol_version");
        if (v == null || !v.isString()) {
            throw PluginError.invalidParams(
                    "initialize: params.protocol_version must be a string (plugin speaks " + pluginVersion + ")");
        }
        String hostVersion = v.stringValue();
        OptionalLong hostMajor = major(hostVersion);
        if (hostMajor.isEmpty()) {
            throw PluginError.invalidParams("host protocol_version '" + hostVersion
                    + "' is not a semantic version (plugin speaks " + pluginVersion + ")");
        }
        if (hostMajor.getAsLong() != major(pluginVersion).orElseThrow()) {
            throw PluginError.invalidParams("host speaks protocol " + hostVersion + " but plugin speaks "
                    + pluginVersion + " (major versions differ)");
        }
    }

    private static OptionalLong major(String version) {
        return SemVer.parse(version).map(v -> OptionalLong.of(v.major())).orElse(OptionalLong.empty());
    }
}
