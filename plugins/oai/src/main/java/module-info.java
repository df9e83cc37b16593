/**
 * The first-party provider plugin {@code oai} ({@code animus-provider-oai}): agent runs against any
 * OpenAI-compatible {@code POST {base}/chat/completions} endpoint with {@code stream: true}
 * (llama.cpp's server, Ollama, vLLM, LM Studio, hosted APIs), streamed back as
 * {@code agent/output}, {@code agent/thinking} and {@code agent/toolCall} notifications, with
 * conversations kept for {@code agent/resume}. Written with the sdk only; must never depend on a
 * host module. Exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.plugins.oai {
    requires dev.animus.sdk;
    requires java.net.http;
}
