package dev.animus.plugins.oai;

import tools.jackson.databind.JsonNode;

/**
 * The message of an OpenAI-style error: {@code {"error":{"message":...}}} (OpenAI, llama.cpp,
 * vLLM), {@code {"error":"..."}} (Ollama), or {@code {"message":...}}; with the error's
 * {@code type} or {@code code} when given, so the user can look it up.
 */
final class ServerMessage {
    private ServerMessage() {}

    /** The message of {@code body}, or its JSON text (clipped) when it has none of those shapes. */
    static String of(JsonNode body) {
        JsonNode error = body.path("error");
        if (error.isString()) {
            return error.asString();
        }
        JsonNode holder = error.isObject() ? error : body;
        JsonNode message = holder.path("message");
        if (!message.isString() || message.asString().isBlank()) {
            return ChunkInterpreter.clip(body.toString());
        }
        String kind = holder.path("type").isString()
                ? holder.path("type").asString()
                : holder.path("code").isString() ? holder.path("code").asString() : "";
        return kind.isEmpty() ? message.asString() : message.asString() + " (" + kind + ")";
    }
}
