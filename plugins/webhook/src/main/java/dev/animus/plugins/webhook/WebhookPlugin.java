package dev.animus.plugins.webhook;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-trigger-webhook}: a {@code trigger_backend} that turns GitHub-style
 * signed webhook deliveries into {@code trigger/event}s. Its methods, config and events are in
 * plugins/webhook/README.md.
 */
public final class WebhookPlugin {
    static final String NAME = "animus-trigger-webhook";
    static final String VERSION = "0.1.0";

    private WebhookPlugin() {}

    static PluginDefinition definition() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode timeouts = json.objectNode();
        // a JVM: the host's 2 s for the handshake is short on a busy machine
        timeouts.put("launch", "10s");
        ArrayNode secrets = json.arrayNode();
        secrets.addObject()
                .put("name", Listener.SECRET_NAME)
                .put("env", Listener.SECRET_ENV)
                .put("required", true)
                .put(
                        "description",
                        "the webhook's secret, as set in the sender's settings: every delivery's"
                                + " X-Hub-Signature-256 is checked with it");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "trigger_backend",
                        "GitHub-style signed webhook deliveries on a loopback port, one trigger event each")
                .withManifestExtra("timeouts", timeouts)
                .withManifestExtra("secrets", secrets);
    }

    /** The plugin over {@code listener}. */
    static Plugin plugin(Listener listener) {
        return Plugin.builder(definition())
                .rawMethod("trigger/watch", listener::watch)
                .notification("trigger/ack", listener::ack)
                .build();
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio; the server stops when the session ends. */
    public static void main(String[] args) {
        int code;
        try (Listener listener = new Listener(System.getenv())) {
            code = plugin(listener).run(args);
        }
        System.exit(code);
    }
}
