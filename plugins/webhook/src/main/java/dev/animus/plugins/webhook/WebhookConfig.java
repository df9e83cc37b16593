package dev.animus.plugins.webhook;

import dev.animus.sdk.PluginError;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The {@code config} of {@code trigger/watch}: the plugin's table of {@code .animus/triggers.toml}.
 *
 * @param bind the address to listen on; loopback unless {@code allowRemote}
 * @param port the port, 0 for a free one
 * @param path the one path deliveries are posted to, starting with {@code /}
 * @param allowRemote whether a non-loopback {@code bind} is allowed
 * @param actionHint the events' {@code action_hint}
 * @param kind the events' {@code subject_kind}, if set
 */
record WebhookConfig(
        String bind, int port, String path, boolean allowRemote, String actionHint, Optional<String> kind) {

    static final String DEFAULT_BIND = "127.0.0.1";
    static final String DEFAULT_PATH = "/webhook";
    static final String DEFAULT_ACTION_HINT = "create_task";

    /** The keys this plugin reads; {@code labels} is the host's (it passes it on). */
    private static final Set<String> KEYS =
            Set.of("bind", "port", "path", "allow_remote", "action_hint", "kind", "labels");

    WebhookConfig {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(actionHint, "actionHint");
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * Reads {@code config} (missing or null: every default).
     *
     * @throws PluginError {@code -32602} naming the key that is wrong and what it takes
     */
    static WebhookConfig of(JsonNode config) {
        if (config.isMissingNode() || config.isNull()) {
            return of(tools.jackson.databind.node.JsonNodeFactory.instance.objectNode());
        }
        if (!config.isObject()) {
            throw PluginError.invalidParams("config: must be an object (the [webhook] table of .animus/triggers.toml)");
        }
        for (String key : config.propertyNames()) {
            if (!KEYS.contains(key)) {
                throw PluginError.invalidParams(
                        "config." + key + ": unknown key; the keys are " + new java.util.TreeSet<>(KEYS));
            }
        }
        String bind = string(config, "bind").orElse(DEFAULT_BIND);
        int port = port(config.path("port"));
        String path = string(config, "path").orElse(DEFAULT_PATH);
        if (!path.startsWith("/") || path.contains("?") || path.contains("#")) {
            throw PluginError.invalidParams(
                    "config.path: '" + path + "' must start with / and hold no ? or #, e.g. /webhook");
        }
        JsonNode remote = config.path("allow_remote");
        if (!remote.isMissingNode() && !remote.isBoolean()) {
            throw PluginError.invalidParams("config.allow_remote: must be true or false");
        }
        boolean allowRemote = remote.asBoolean(false);
        String hint = string(config, "action_hint").orElse(DEFAULT_ACTION_HINT);
        return new WebhookConfig(bind, port, path, allowRemote, hint, string(config, "kind"));
    }

    /**
     * The address to bind: {@code bind} resolved, refused when it is not loopback and remote
     * listening was not asked for.
     *
     * @throws PluginError {@code -32602} for an address that cannot be resolved or is not allowed
     */
    InetAddress address() {
        InetAddress a;
        try {
            a = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw PluginError.invalidParams("config.bind: '" + bind + "' is no address this machine can resolve");
        }
        if (!a.isLoopbackAddress() && !allowRemote) {
            throw PluginError.invalidParams("config.bind: '" + bind + "' is not a loopback address; the webhook"
                    + " listens on loopback only (put a reverse proxy in front of it) unless allow_remote = true");
        }
        return a;
    }

    private static int port(JsonNode n) {
        if (n.isMissingNode() || n.isNull()) {
            return 0;
        }
        if (!n.isIntegralNumber() || n.asLong() < 0 || n.asLong() > 65535) {
            throw PluginError.invalidParams("config.port: must be an integer 0-65535 (0: a free port), not " + n);
        }
        return n.asInt();
    }

    private static Optional<String> string(JsonNode config, String key) {
        JsonNode n = config.path(key);
        if (n.isMissingNode() || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isString() || n.stringValue().isBlank()) {
            throw PluginError.invalidParams("config." + key + ": must be a non-empty string");
        }
        return Optional.of(n.stringValue());
    }
}
