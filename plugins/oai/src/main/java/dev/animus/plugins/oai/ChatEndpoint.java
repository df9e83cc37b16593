package dev.animus.plugins.oai;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the chat requests go and with which key.
 *
 * @param base the API base, e.g. {@code http://127.0.0.1:8080/v1}; requests go to
 *     {@code <base>/chat/completions}
 * @param apiKey the bearer key, empty for a local server that needs none; never printed
 */
record ChatEndpoint(URI base, Optional<String> apiKey) {
    /** @throws IllegalArgumentException if {@code base} is not an absolute http(s) URL without a query */
    ChatEndpoint {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(apiKey, "apiKey");
        String scheme = base.getScheme() == null ? "" : base.getScheme();
        if (!scheme.equals("http") && !scheme.equals("https") || base.getHost() == null) {
            throw new IllegalArgumentException("OPENAI_BASE_URL: '" + base
                    + "' is not an http(s) URL with a host; set it to e.g. http://127.0.0.1:8080/v1");
        }
        if (base.getRawQuery() != null || base.getRawFragment() != null || base.getRawUserInfo() != null) {
            throw new IllegalArgumentException("OPENAI_BASE_URL: '" + base.getScheme() + "://" + base.getHost()
                    + "...' must not carry a query, fragment or user info; give the key as the secret OPENAI_API_KEY");
        }
        apiKey = apiKey.filter(k -> !k.isBlank());
    }

    /** {@code <base>/chat/completions}. */
    URI chatCompletions() {
        String text = base.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        return URI.create(text + "/chat/completions");
    }

    /** The base and whether a key is set; never the key. */
    @Override
    public String toString() {
        return base + (apiKey.isPresent() ? " (with a key)" : " (no key)");
    }
}
