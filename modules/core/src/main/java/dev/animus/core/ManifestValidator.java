package dev.animus.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Turns the neutral data model of a manifest (what {@code Plugin.toml} and the {@code --manifest}
 * JSON both parse into) into a {@link Manifest}, enforcing docs/protocol.md#the-manifest.
 *
 * <p>Values are {@code String}, any {@code Number}, {@code Boolean}, {@code List<Object>} and
 * {@code Map<String, Object>}. Required: {@code name}, {@code version}, {@code plugin_kind},
 * {@code description} (may be empty), {@code protocol_version}, and {@code entry} for a plugin
 * directory. Missing optional lists are empty. Values are normalised on the way in: network
 * destinations ({@link NetworkDestinations}), the entry path ({@code ./bin/x} → {@code bin/x}) and
 * secret variables (default: the name upper-cased, {@code .-} → {@code _}).
 *
 * <p>Stateless and thread-safe; pure (no I/O).
 */
public final class ManifestValidator {

    private ManifestValidator() {}

    /**
     * Validates {@code raw}.
     *
     * @param raw the parsed document; not modified
     * @param source what to name in errors, e.g. {@code /p/x/Plugin.toml} or
     *     {@code /p/animus-plugin-x --manifest}
     * @param unknownKeys what to do with unknown top-level keys (nested ones are always rejected)
     * @param directoryPlugin whether {@code entry} is required (a plugin directory); without it an
     *     {@code entry} is still validated and kept
     * @return the manifest and one warning per ignored unknown key
     * @throws ManifestInvalid naming {@code source}, the field path and what to do, at the first
     *     rule broken (checked in field order)
     */
    public static ManifestCheck validate(
            Map<String, Object> raw, String source, UnknownKeys unknownKeys, boolean directoryPlugin) {
        Objects.requireNonNull(unknownKeys, "unknownKeys");
        ManifestFields top = ManifestFields.top(raw, source);
        List<String> warnings = top.unknownKeys(ManifestVocabulary.TOP_LEVEL_KEYS, unknownKeys);
        return new ManifestCheck(assemble(top, directoryPlugin), warnings);
    }

    private static Manifest assemble(ManifestFields top, boolean directoryPlugin) {
        String name = top.requiredString("name");
        SemVer version = semver(top, "version");
        String declaredKind = top.requiredString("plugin_kind");
        PluginKind kind = top.builtAt("plugin_kind", () -> new PluginKind(declaredKind));
        List<PluginKind> extraKinds = extraKinds(top);
        String description = top.requiredString("description");
        SemVer protocolVersion = semver(top, "protocol_version");
        List<String> capabilities = top.strings("capabilities");
        List<EnvDeclaration> envRequired = envRequired(top);
        var bufferSize = top.integer("notification_buffer_size", ManifestRules.MIN_BUFFER, ManifestRules.MAX_BUFFER);
        TimeoutTable timeouts = timeouts(top);
        List<String> hooks = top.strings("hooks");
        List<String> policyHooks = top.strings("policy_hooks");
        List<String> events = top.strings("events");
        List<String> destinations = destinations(top);
        List<String> dataSent = top.strings("data_sent");
        List<SecretDeclaration> secrets = secrets(top);
        Optional<String> entry = entry(top, directoryPlugin);
        return top.built(() -> new Manifest(
                name,
                version,
                kind,
                extraKinds,
                description,
                protocolVersion,
                capabilities,
                envRequired,
                bufferSize,
                timeouts,
                hooks,
                policyHooks,
                events,
                destinations,
                dataSent,
                secrets,
                entry));
    }

    private static SemVer semver(ManifestFields top, String key) {
        return top.parsed(
                key,
                top.requiredString(key),
                text -> SemVer.parse(text)
                        .orElseThrow(() -> new IllegalArgumentException(ManifestRules.quote(text)
                                + " is not a semantic version: write MAJOR.MINOR.PATCH, e.g. 1.2.0 or 1.2.0-beta.1")));
    }

    private static List<PluginKind> extraKinds(ManifestFields top) {
        List<String> declared = top.strings("plugin_kinds");
        List<PluginKind> out = new ArrayList<>(declared.size());
        for (int i = 0; i < declared.size(); i++) {
            String text = declared.get(i);
            out.add(top.builtAt("plugin_kinds[" + i + "]", () -> new PluginKind(text)));
        }
        return out;
    }

    private static List<EnvDeclaration> envRequired(ManifestFields top) {
        List<EnvDeclaration> out = new ArrayList<>();
        for (ManifestFields item : top.tables("env_required")) {
            item.unknownKeys(ManifestVocabulary.ENV_KEYS, UnknownKeys.REJECT);
            String name = item.requiredString("name");
            String description = item.optionalString("description").orElse("");
            boolean sensitive = item.bool("sensitive", false);
            boolean required = item.bool("required", false);
            out.add(item.built(() -> new EnvDeclaration(name, description, sensitive, required)));
        }
        return out;
    }

    private static List<SecretDeclaration> secrets(ManifestFields top) {
        List<SecretDeclaration> out = new ArrayList<>();
        for (ManifestFields item : top.tables("secrets")) {
            item.unknownKeys(ManifestVocabulary.SECRET_KEYS, UnknownKeys.REJECT);
            String name = item.requiredString("name");
            String env = item.optionalString("env").orElseGet(() -> SecretDeclaration.defaultEnv(name));
            boolean required = item.bool("required", false);
            String description = item.optionalString("description").orElse("");
            out.add(item.built(() -> new SecretDeclaration(name, env, required, description)));
        }
        return out;
    }

    private static TimeoutTable timeouts(ManifestFields top) {
        Optional<ManifestFields> table = top.table("timeouts");
        if (table.isEmpty()) {
            return TimeoutTable.defaults();
        }
        ManifestFields t = table.get();
        Map<String, Duration> out = new TreeMap<>();
        for (String key : t.keys()) {
            t.requireWellFormed(key, key);
            ManifestRules.methodProblem(key).ifPresent(reason -> {
                throw t.invalid(key, "the key " + reason);
            });
            Duration d = t.parsed(key, t.requiredString(key), DurationText::parse);
            ManifestRules.timeoutProblem(d).ifPresent(reason -> {
                throw t.invalid(key, reason);
            });
            out.put(key, d);
        }
        return top.builtAt("timeouts", () -> new TimeoutTable(out));
    }

    /** Normalised destinations; a repeat is named at its own index, after normalisation. */
    private static List<String> destinations(ManifestFields top) {
        Optional<ManifestFields> network = top.table("network");
        if (network.isEmpty()) {
            return List.of();
        }
        ManifestFields n = network.get();
        n.unknownKeys(ManifestVocabulary.NETWORK_KEYS, UnknownKeys.REJECT);
        List<String> given = n.strings("destinations");
        Map<String, Integer> seen = new HashMap<>();
        List<String> out = new ArrayList<>(given.size());
        for (int i = 0; i < given.size(); i++) {
            String key = "destinations[" + i + "]";
            String normal = n.parsed(key, given.get(i), NetworkDestinations::normalize);
            Integer first = seen.putIfAbsent(normal, i);
            if (first != null) {
                throw n.invalid(
                        key,
                        ManifestRules.quote(given.get(i)) + " is the same destination as" + " destinations[" + first
                                + "] (" + normal + "): list it once");
            }
            out.add(normal);
        }
        return out;
    }

    private static Optional<String> entry(ManifestFields top, boolean directoryPlugin) {
        Optional<String> entry = top.optionalString("entry");
        if (entry.isEmpty() && directoryPlugin) {
            throw top.invalid(
                    "entry",
                    "is required for a plugin directory: name the executable inside it,"
                            + " e.g. entry = \"bin/my-plugin\"");
        }
        return entry.map(e -> top.parsed("entry", e, EntryPath::normalize));
    }
}
