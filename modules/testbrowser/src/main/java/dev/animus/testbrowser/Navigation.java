package dev.animus.testbrowser;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a navigation ended: the document's URL after redirects, its HTTP status (0 when no response
 * was seen, e.g. {@code about:blank}) and Chromium's error text when the navigation failed
 * ({@code net::ERR_...}).
 */
public record Navigation(URI url, int status, Optional<String> error) {
    public Navigation {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(error, "error");
    }
}
