package dev.animus.transports;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@code transport/start} tells a transport (docs/protocol.md#transports).
 *
 * @param controlSocket the daemon's control socket, the only way the transport reaches the host
 * @param projectRoot the project it serves
 * @param bindAddr the address to bind, {@code host:port}; empty: the transport's own default
 * @param config its table of {@code .animus/transports.toml} (an empty object when absent); copied
 * @param authToken the per-daemon web token every request it serves must carry (decision 044)
 */
public record TransportParams(
        Path controlSocket, Path projectRoot, Optional<String> bindAddr, JsonNode config, String authToken) {
    public TransportParams {
        Objects.requireNonNull(controlSocket, "controlSocket");
        Objects.requireNonNull(projectRoot, "projectRoot");
        Objects.requireNonNull(bindAddr, "bindAddr");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(authToken, "authToken");
        if (!config.isObject()) {
            throw new IllegalArgumentException("a transport's config is a table");
        }
        if (authToken.isBlank()) {
            throw new IllegalArgumentException("a transport is started with a web token");
        }
        config = config.deepCopy();
    }

    /** Its table, a copy. */
    @Override
    public JsonNode config() {
        return config.deepCopy();
    }

    /** The {@code transport/start} params. */
    ObjectNode toJson() {
        ObjectNode p = JsonNodeFactory.instance
                .objectNode()
                .put("control_socket_path", controlSocket.toString())
                .put("project_root", projectRoot.toString());
        bindAddr.ifPresent(b -> p.put("bind_addr", b));
        p.set("config", config.deepCopy());
        p.put("auth_token", authToken);
        return p;
    }

    @Override
    public String toString() { // the token stays out of logs
        return "TransportParams[" + controlSocket + ", " + projectRoot + ", " + bindAddr + "]";
    }
}
