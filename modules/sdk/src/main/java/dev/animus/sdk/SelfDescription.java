package dev.animus.sdk;

import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a plugin says about itself on the wire: the {@code --manifest} object
 * (docs/protocol.md#the-manifest) and the {@code initialize} result
 * (docs/protocol.md#the-initialize-request). Both are derived from one definition and one method
 * list, so they cannot disagree.
 */
final class SelfDescription {

    private SelfDescription() {}

    /**
     * The manifest: the definition's fields, {@code capabilities} as method names followed by
     * {@code subject_kind:<kind>} markers and flags, then the extras.
     */
    static ObjectNode manifest(PluginDefinition def, List<String> methods) {
        ObjectNode m = Frames.object();
        m.put("name", def.name());
        m.put("version", def.version());
        m.put("plugin_kind", def.kind());
        strings(m.putArray("plugin_kinds"), def.kinds());
        m.put("description", def.description());
        m.put("protocol_version", def.protocolVersion());
        ArrayNode capabilities = m.putArray("capabilities");
        strings(capabilities, methods);
        def.subjectKinds().forEach(kind -> capabilities.add("subject_kind:" + kind));
        strings(capabilities, def.capabilityFlags());
        ArrayNode env = m.putArray("env_required");
        for (EnvRequirement e : def.envRequired()) {
            ObjectNode v = env.addObject();
            v.put("name", e.name());
            if (!e.description().isEmpty()) {
                v.put("description", e.description());
            }
            v.put("sensitive", e.sensitive());
            v.put("required", e.required());
        }
        def.manifestExtras().forEach(m::set);
        return m;
    }

    /** The {@code InitializeResult}: protocol_version, plugin_info and capabilities. */
    static ObjectNode initializeResult(PluginDefinition def, List<String> methods) {
        ObjectNode r = Frames.object();
        r.put("protocol_version", def.protocolVersion());
        ObjectNode info = r.putObject("plugin_info");
        info.put("name", def.name());
        info.put("version", def.version());
        info.put("plugin_kind", def.kind());
        strings(info.putArray("plugin_kinds"), def.kinds());
        info.put("description", def.description());
        ObjectNode caps = r.putObject("capabilities");
        strings(caps.putArray("methods"), methods);
        caps.put("streaming", def.features().contains(Feature.STREAMING));
        caps.put("progress", def.features().contains(Feature.PROGRESS));
        caps.put("cancellation", def.features().contains(Feature.CANCELLATION));
        strings(caps.putArray("subject_kinds"), def.subjectKinds());
        return r;
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
