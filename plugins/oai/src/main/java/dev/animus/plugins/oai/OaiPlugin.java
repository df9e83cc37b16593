package dev.animus.plugins.oai;

import dev.animus.sdk.EnvRequirement;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.provider.ProviderPlugin;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The plugin {@code animus-provider-oai}: its definition (what its manifest says) and its entry point. */
public final class OaiPlugin {
    /** The manifest name: the provider {@code oai}, shipped as {@code animus-provider-oai} (discovery reads the name from the file name too). */
    static final String NAME = "oai";

    static final String VERSION = "0.1.0";

    private OaiPlugin() {}

    /**
     * The definition: kind {@code provider}; env {@code OPENAI_BASE_URL}, {@code OPENAI_MODEL}; the
     * secret {@code openai_api_key} handed over as {@code OPENAI_API_KEY}; 10 s to start (a JVM);
     * an hour for a run (a local model may be slow; the idle bound of {@link ChatLimits} catches a
     * stuck server sooner).
     */
    static PluginDefinition definition() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode timeouts = json.objectNode();
        // a JVM: the host's 2 s for the handshake is too short on a busy machine
        timeouts.put("launch", "10s");
        timeouts.put("agent/run", "1h");
        timeouts.put("agent/resume", "1h");
        ArrayNode secrets = json.arrayNode();
        ObjectNode key = secrets.addObject();
        key.put("name", "openai_api_key");
        key.put("env", OaiSettings.API_KEY);
        key.put("required", false);
        key.put("description", "the API key, sent as a bearer token (local servers need none)");
        ArrayNode dataSent = json.arrayNode();
        dataSent.add(
                "prompts, system prompts, earlier messages of a resumed conversation and tool definitions, to OPENAI_BASE_URL");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "provider",
                        "agent runs against an OpenAI-compatible chat-completions endpoint (llama.cpp, Ollama, vLLM, LM Studio, hosted APIs)")
                .withEnvRequired(
                        new EnvRequirement(
                                OaiSettings.BASE_URL,
                                "the API base, default " + OaiSettings.DEFAULT_BASE_URL,
                                false,
                                false),
                        new EnvRequirement(OaiSettings.MODEL, "the model when a run names none", false, false))
                .withManifestExtra("timeouts", timeouts)
                .withManifestExtra("secrets", secrets)
                .withManifestExtra("data_sent", dataSent);
    }

    /** The plugin, with the process environment and the default bounds. */
    static Plugin plugin(Map<String, String> processEnv, ChatLimits limits) {
        return ProviderPlugin.of(definition(), new OaiProvider(processEnv, limits));
    }

    /** The entry point of {@code animus-provider-oai}: {@code --manifest}, or the protocol on stdio. */
    public static void main(String[] args) {
        System.exit(plugin(System.getenv(), ChatLimits.DEFAULT).run(args));
    }
}
