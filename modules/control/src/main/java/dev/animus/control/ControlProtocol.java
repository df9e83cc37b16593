package dev.animus.control;

import java.util.Objects;

/**
 * The version of the control protocol (docs/daemon.md#versioning): {@code daemon/status} returns it
 * as {@code protocol_version}; a client accepts a daemon of the same major only.
 */
public final class ControlProtocol {
    /** The protocol this build speaks. */
    public static final String VERSION = "1.0.0";

    private ControlProtocol() {}

    /** Whether a daemon speaking {@code version} can be used by this client (same major). */
    public static boolean compatible(String version) {
        Objects.requireNonNull(version, "version");
        return major(version).equals(major(VERSION));
    }

    private static String major(String version) {
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }
}
