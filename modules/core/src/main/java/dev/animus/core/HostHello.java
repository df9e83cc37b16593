package dev.animus.core;

import java.util.Objects;

/**
 * What the host sends in {@code initialize}: its protocol version, its name and version, and the
 * features it supports.
 */
public record HostHello(
        String protocolVersion,
        String hostName,
        String hostVersion,
        boolean streaming,
        boolean progress,
        boolean cancellation) {

    /** The protocol version this host implements. */
    public static final String PROTOCOL_VERSION = "1.1.0";

    public HostHello {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        if (SemVer.parse(protocolVersion).isEmpty()) {
            throw new IllegalArgumentException("not a semantic version: " + protocolVersion);
        }
        Objects.requireNonNull(hostName, "hostName");
        Objects.requireNonNull(hostVersion, "hostVersion");
    }

    /** Animus at {@code version}, supporting streaming, progress and cancellation. */
    public static HostHello animus(String version) {
        return new HostHello(PROTOCOL_VERSION, "animus", version, true, true, true);
    }
}
