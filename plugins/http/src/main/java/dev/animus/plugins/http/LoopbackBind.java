package dev.animus.plugins.http;

import dev.animus.sdk.PluginError;
import java.net.InetAddress;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Where the transport listens: a loopback address and a port (0: any free one). Only loopback: the
 * dashboard and the API act as the operator, so no other machine may reach them.
 *
 * @param address a loopback address ({@code 127.0.0.1} unless {@code bind_addr} names another)
 * @param port 0 to 65535
 */
record LoopbackBind(InetAddress address, int port) {
    LoopbackBind {
        Objects.requireNonNull(address, "address");
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException("not a loopback address: " + address.getHostAddress());
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /**
     * The bind of {@code transport/start}: {@code bind_addr} ({@code host}, {@code host:port},
     * {@code [v6]:port}; the host {@code localhost} or a loopback IP literal, never a name to look
     * up), its port else the config's {@code port}, else 0.
     *
     * @throws PluginError -32602 naming the value when it is not loopback or not an address
     */
    static LoopbackBind of(Optional<String> bindAddr, JsonNode config) {
        int port = configPort(config);
        if (bindAddr.isEmpty() || bindAddr.get().isBlank()) {
            return new LoopbackBind(InetAddress.getLoopbackAddress(), port);
        }
        String text = bindAddr.get().strip();
        String host = text;
        Optional<String> portText = Optional.empty();
        if (text.startsWith("[")) {
            int end = text.indexOf(']');
            if (end < 0) {
                throw refused(text, "an unclosed [");
            }
            host = text.substring(1, end);
            String rest = text.substring(end + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw refused(text, "text after ]");
                }
                portText = Optional.of(rest.substring(1));
            }
        } else if (text.indexOf(':') >= 0 && text.indexOf(':') == text.lastIndexOf(':')) {
            host = text.substring(0, text.indexOf(':'));
            portText = Optional.of(text.substring(text.indexOf(':') + 1));
        }
        InetAddress address = loopback(text, host);
        if (portText.isPresent()) {
            port = port(text, portText.get());
        }
        return new LoopbackBind(address, port);
    }

    private static InetAddress loopback(String text, String host) {
        if (host.isEmpty() || host.equalsIgnoreCase("localhost")) {
            return InetAddress.getLoopbackAddress();
        }
        InetAddress address;
        try {
            address = InetAddress.ofLiteral(host);
        } catch (IllegalArgumentException e) {
            throw refused(text, "not an IP address or localhost");
        }
        if (!address.isLoopbackAddress()) {
            throw refused(text, "not a loopback address");
        }
        return address;
    }

    private static int port(String text, String port) {
        try {
            int p = Integer.parseInt(port);
            if (p >= 0 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw refused(text, "the port is not 0 to 65535");
    }

    private static int configPort(JsonNode config) {
        JsonNode port = config.path("port");
        if (port.isMissingNode() || port.isNull()) {
            return 0;
        }
        if (!port.isIntegralNumber() || port.asInt() < 0 || port.asInt() > 65535) {
            throw PluginError.invalidParams("config.port: must be a whole number from 0 to 65535, not " + port);
        }
        return port.asInt();
    }

    private static PluginError refused(String text, String why) {
        return PluginError.invalidParams("bind_addr " + text + " refused (" + why
                + "): the http transport listens on loopback only (127.0.0.1, localhost or [::1])");
    }

    /** {@code host:port} as the transport reports it ({@code [::1]:port} for IPv6). */
    static String addressText(InetAddress address, int port) {
        String host = address.getHostAddress();
        if (host.contains(":")) {
            host = "[" + (host.equals("0:0:0:0:0:0:0:1") ? "::1" : host) + "]";
        }
        return host + ":" + port;
    }
}
