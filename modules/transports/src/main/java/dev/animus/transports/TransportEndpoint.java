package dev.animus.transports;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A started transport (docs/protocol.md#transports): where it listens and the URL it serves.
 *
 * @param plugin its installed name
 * @param boundAddr the address it bound, {@code host:port} ({@code [::1]:port} for IPv6)
 * @param url the absolute http(s) URL it serves, when it names one
 * @param startedAt when it started, as it said (or when the host learned it, for a legacy one that
 *     did not say)
 * @param ui whether it serves a browser UI (capability {@code $ui/web}, legacy {@code web_ui})
 * @param legacy whether it bound during {@code initialize} and refused {@code transport/start}
 */
public record TransportEndpoint(
        String plugin, String boundAddr, Optional<URI> url, Instant startedAt, boolean ui, boolean legacy) {
    public TransportEndpoint {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(boundAddr, "boundAddr");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(startedAt, "startedAt");
        if (plugin.isBlank() || boundAddr.isBlank()) {
            throw new IllegalArgumentException("a transport endpoint names its plugin and bound address");
        }
    }
}
