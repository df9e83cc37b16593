package dev.animus.plugins.oai;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The configuration of a run, from the environment the host gives the plugin: {@code
 * OPENAI_BASE_URL} (default {@value #DEFAULT_BASE_URL}, the address of llama.cpp's
 * {@code llama-server}; Ollama is {@code http://127.0.0.1:11434/v1}, vLLM
 * {@code http://127.0.0.1:8000/v1}, LM Studio {@code http://127.0.0.1:1234/v1}), {@code
 * OPENAI_MODEL} (the default model; the request's {@code model} wins) and the secret {@code
 * OPENAI_API_KEY} (sent as a bearer token; optional, local servers need none).
 *
 * <p>Each variable is looked up first in the run's {@code env} (what the host allows this run),
 * then in the process environment (where the host puts declared variables and consented secrets).
 *
 * @param endpoint where requests go, and the key
 * @param defaultModel {@code OPENAI_MODEL}, if set
 */
record OaiSettings(ChatEndpoint endpoint, Optional<String> defaultModel) {
    static final String BASE_URL = "OPENAI_BASE_URL";
    static final String MODEL = "OPENAI_MODEL";
    static final String API_KEY = "OPENAI_API_KEY";
    static final String DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1";

    OaiSettings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(defaultModel, "defaultModel");
    }

    /**
     * The settings {@code runEnv} and then {@code processEnv} give.
     *
     * @throws IllegalArgumentException naming {@code OPENAI_BASE_URL} when it is not a usable URL
     */
    static OaiSettings from(Map<String, String> runEnv, Map<String, String> processEnv) {
        String base = lookup(BASE_URL, runEnv, processEnv).orElse(DEFAULT_BASE_URL);
        URI uri;
        try {
            uri = new URI(base);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(BASE_URL + ": '" + ChunkInterpreter.clip(base)
                    + "' is not a URL; set it to e.g. " + DEFAULT_BASE_URL);
        }
        return new OaiSettings(
                new ChatEndpoint(uri, lookup(API_KEY, runEnv, processEnv)), lookup(MODEL, runEnv, processEnv));
    }

    private static Optional<String> lookup(String name, Map<String, String> first, Map<String, String> second) {
        String value = first.get(name);
        if (value == null || value.isBlank()) {
            value = second.get(name);
        }
        return Optional.ofNullable(value).map(String::strip).filter(v -> !v.isEmpty());
    }
}
