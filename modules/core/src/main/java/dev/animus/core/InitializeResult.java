package dev.animus.core;

import java.util.Objects;

/** A plugin's answer to {@code initialize} (docs/protocol.md#the-initialize-request). */
public record InitializeResult(String protocolVersion, PluginInfo pluginInfo, PluginCapabilities capabilities) {

    public InitializeResult {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(pluginInfo, "pluginInfo");
        Objects.requireNonNull(capabilities, "capabilities");
    }
}
