package dev.animus.core;

import java.util.Objects;

/**
 * Decides whether a plugin's protocol version can talk to the host's
 * (docs/protocol.md#version-compatibility): both must be strict semantic versions with the same
 * major; minor and patch drift is accepted.
 */
public final class ProtocolCompatibility {

    /** The outcome of a check; {@link Incompatible#message()} names both versions. */
    public sealed interface Verdict permits Compatible, Incompatible {}

    /** The versions can talk. */
    public record Compatible(SemVer host, SemVer plugin) implements Verdict {}

    /** The versions cannot talk; {@code message} says why, naming both versions. */
    public record Incompatible(String host, String plugin, String message) implements Verdict {}

    private ProtocolCompatibility() {}

    /** Checks {@code pluginVersion} against {@code hostVersion}. */
    public static Verdict check(String hostVersion, String pluginVersion) {
        Objects.requireNonNull(hostVersion, "hostVersion");
        Objects.requireNonNull(pluginVersion, "pluginVersion");
        var host = SemVer.parse(hostVersion);
        if (host.isEmpty()) {
            throw new IllegalArgumentException("host protocol version is not semver: " + hostVersion);
        }
        var plugin = SemVer.parse(pluginVersion);
        if (plugin.isEmpty()) {
            return new Incompatible(
                    hostVersion,
                    pluginVersion,
                    "plugin protocol_version '" + pluginVersion + "' is not a semantic version (host speaks "
                            + hostVersion + ")");
        }
        if (host.get().major() != plugin.get().major()) {
            return new Incompatible(
                    hostVersion,
                    pluginVersion,
                    "plugin speaks protocol " + pluginVersion + " but host speaks " + hostVersion
                            + " (major versions differ)");
        }
        return new Compatible(host.get(), plugin.get());
    }
}
