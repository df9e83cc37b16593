package dev.animus.sdk;

import dev.animus.core.SemVer;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What a plugin says about itself: the fields of its {@code --manifest} output and of the
 * {@code plugin_info} and {@code capabilities} of its {@code initialize} answer. The method list is
 * not here: it is derived from the handlers registered on {@link Plugin.Builder}.
 *
 * <p>Start from {@link #of} and refine with the {@code with...} methods; every one returns a new,
 * validated value.
 *
 * @param name the plugin name, {@code ^[a-z0-9][a-z0-9._-]{0,63}$}
 * @param version the plugin version, a semantic version
 * @param kind the primary role ({@code plugin_kind}), e.g. {@code custom} or {@code provider}
 * @param kinds extra roles served by the same process ({@code plugin_kinds})
 * @param description one line for humans; may be empty
 * @param protocolVersion the protocol this plugin speaks, a semantic version
 * @param features the optional protocol features it advertises
 * @param subjectKinds subject kinds served ({@code capabilities.subject_kinds}; in the manifest as
 *     {@code subject_kind:<kind>} markers)
 * @param capabilityFlags further manifest capability flags such as {@code $ui/web}
 * @param envRequired the environment variables the host should forward
 * @param manifestExtras further manifest fields ({@code timeouts}, {@code hooks}, ...), by their
 *     manifest key; they cannot replace a field this record owns
 */
public record PluginDefinition(
        String name,
        String version,
        String kind,
        List<String> kinds,
        String description,
        String protocolVersion,
        Set<Feature> features,
        List<String> subjectKinds,
        List<String> capabilityFlags,
        List<EnvRequirement> envRequired,
        Map<String, JsonNode> manifestExtras) {

    /** The protocol version this sdk implements. */
    public static final String PROTOCOL_VERSION = "1.1.0";

    /** The manifest keys this record writes itself. */
    static final Set<String> OWN_MANIFEST_KEYS = Set.of(
            "name",
            "version",
            "plugin_kind",
            "plugin_kinds",
            "description",
            "protocol_version",
            "capabilities",
            "env_required");

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /** @throws IllegalArgumentException naming the field that breaks a manifest rule */
    public PluginDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        kinds = List.copyOf(kinds);
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
        subjectKinds = List.copyOf(subjectKinds);
        capabilityFlags = List.copyOf(capabilityFlags);
        envRequired = List.copyOf(envRequired);
        manifestExtras = Collections.unmodifiableMap(new LinkedHashMap<>(manifestExtras));
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name: '" + name + "' does not match " + NAME.pattern());
        }
        if (SemVer.parse(version).isEmpty()) {
            throw new IllegalArgumentException("version: '" + version + "' is not a semantic version");
        }
        if (SemVer.parse(protocolVersion).isEmpty()) {
            throw new IllegalArgumentException("protocol_version: '" + protocolVersion + "' is not a semantic version");
        }
        if (kind.isBlank()) {
            throw new IllegalArgumentException("plugin_kind: must not be blank");
        }
        for (var extra : manifestExtras.entrySet()) {
            String key = extra.getKey();
            Objects.requireNonNull(extra.getValue(), key);
            if (OWN_MANIFEST_KEYS.contains(key)) {
                throw new IllegalArgumentException(
                        "manifest extra '" + key + "': this field comes from the definition itself");
            }
        }
    }

    /** A definition speaking {@link #PROTOCOL_VERSION}, with no features, flags or extras. */
    public static PluginDefinition of(String name, String version, String kind, String description) {
        return new PluginDefinition(
                name,
                version,
                kind,
                List.of(),
                description,
                PROTOCOL_VERSION,
                Set.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of());
    }

    /** This definition with the extra roles {@code extraKinds}. */
    public PluginDefinition withKinds(String... extraKinds) {
        return new PluginDefinition(
                name,
                version,
                kind,
                List.of(extraKinds),
                description,
                protocolVersion,
                features,
                subjectKinds,
                capabilityFlags,
                envRequired,
                manifestExtras);
    }

    /** This definition advertising exactly {@code advertised}. */
    public PluginDefinition withFeatures(Feature... advertised) {
        return new PluginDefinition(
                name,
                version,
                kind,
                kinds,
                description,
                protocolVersion,
                Set.of(advertised),
                subjectKinds,
                capabilityFlags,
                envRequired,
                manifestExtras);
    }

    /** This definition serving the subject kinds {@code served}. */
    public PluginDefinition withSubjectKinds(String... served) {
        return new PluginDefinition(
                name,
                version,
                kind,
                kinds,
                description,
                protocolVersion,
                features,
                List.of(served),
                capabilityFlags,
                envRequired,
                manifestExtras);
    }

    /** This definition with the manifest capability flags {@code flags} (e.g. {@code $ui/web}). */
    public PluginDefinition withCapabilityFlags(String... flags) {
        return new PluginDefinition(
                name,
                version,
                kind,
                kinds,
                description,
                protocolVersion,
                features,
                subjectKinds,
                List.of(flags),
                envRequired,
                manifestExtras);
    }

    /** This definition asking for the environment variables {@code variables}. */
    public PluginDefinition withEnvRequired(EnvRequirement... variables) {
        return new PluginDefinition(
                name,
                version,
                kind,
                kinds,
                description,
                protocolVersion,
                features,
                subjectKinds,
                capabilityFlags,
                List.of(variables),
                manifestExtras);
    }

    /** This definition speaking {@code version} of the protocol instead of {@link #PROTOCOL_VERSION}. */
    public PluginDefinition withProtocolVersion(String version) {
        return new PluginDefinition(
                name,
                this.version,
                kind,
                kinds,
                description,
                version,
                features,
                subjectKinds,
                capabilityFlags,
                envRequired,
                manifestExtras);
    }

    /** This definition with one more manifest field {@code key} (replacing an extra of that key). */
    public PluginDefinition withManifestExtra(String key, JsonNode value) {
        var extras = new LinkedHashMap<>(manifestExtras);
        extras.put(key, value);
        return new PluginDefinition(
                name,
                version,
                kind,
                kinds,
                description,
                protocolVersion,
                features,
                subjectKinds,
                capabilityFlags,
                envRequired,
                extras);
    }
}
