package dev.animus.host;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One {@code log/entry} notification as it came from a plugin, not yet judged
 * ({@code dev.animus.core.LogNormaliser} does that).
 *
 * @param plugin the plugin's registered name (the entry's source name, whatever it claims)
 * @param incarnation the supervisor's launch counter of the process that sent it
 * @param params the notification's params as sent (any JSON; {@code MissingNode} when absent)
 */
public record PluginLogLine(String plugin, long incarnation, JsonNode params) {
    public PluginLogLine {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(params, "params");
    }
}
