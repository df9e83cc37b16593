package dev.animus.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writes a {@link Manifest} back into the neutral data model, the inverse of
 * {@link ManifestValidator}: for every manifest {@code m},
 * {@code validate(toMap(m), ..., directoryPlugin = m.entry().isPresent()).manifest()} equals
 * {@code m}.
 *
 * <p>Keys come in docs/protocol.md#the-manifest order. Empty lists, absent optionals, {@code false}
 * flags, empty nested descriptions and a secret's default variable are left out;
 * {@code description} is always written (it is required). Durations are {@link DurationText}
 * strings; network destinations are written as {@code network = {destinations = [...]}}. Values are
 * only {@code String}, {@code Integer}, {@code Boolean}, {@code List} and {@code Map}, so any JSON
 * or TOML mapper can write the result.
 */
public final class ManifestRendering {

    private ManifestRendering() {}

    /** A new map owned by the caller. */
    public static Map<String, Object> toMap(Manifest m) {
        Objects.requireNonNull(m, "m");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", m.name());
        out.put("version", m.version().toString());
        out.put("plugin_kind", m.kind().declared());
        list(
                out,
                "plugin_kinds",
                m.extraKinds().stream().map(PluginKind::declared).toList());
        out.put("description", m.description());
        out.put("protocol_version", m.protocolVersion().toString());
        list(out, "capabilities", m.capabilities());
        list(
                out,
                "env_required",
                m.envRequired().stream().map(ManifestRendering::env).toList());
        m.notificationBufferSize().ifPresent(size -> out.put("notification_buffer_size", size));
        if (!m.timeouts().overrides().isEmpty()) {
            Map<String, Object> timeouts = new LinkedHashMap<>();
            new TreeMap<>(m.timeouts().overrides()).forEach((k, d) -> timeouts.put(k, duration(d)));
            out.put("timeouts", timeouts);
        }
        list(out, "hooks", m.hooks());
        list(out, "policy_hooks", m.policyHooks());
        list(out, "events", m.events());
        if (!m.networkDestinations().isEmpty()) {
            Map<String, Object> network = new LinkedHashMap<>();
            network.put("destinations", new ArrayList<>(m.networkDestinations()));
            out.put("network", network);
        }
        list(out, "data_sent", m.dataSent());
        list(out, "secrets", m.secrets().stream().map(ManifestRendering::secret).toList());
        m.entry().ifPresent(e -> out.put("entry", e));
        return out;
    }

    /**
     * {@code d} as duration text that parses back to exactly {@code d}: the compact
     * {@link DurationText#format} when it is exact, else hours, minutes, seconds and milliseconds
     * ({@code 1m1s500ms}). Sub-millisecond parts cannot occur: the manifest refuses them.
     */
    static String duration(Duration d) {
        String compact = DurationText.format(d);
        if (DurationText.parse(compact).equals(d)) {
            return compact;
        }
        long ms = d.toMillis();
        StringBuilder b = new StringBuilder();
        append(b, ms / 3_600_000, "h");
        append(b, ms / 60_000 % 60, "m");
        append(b, ms / 1000 % 60, "s");
        append(b, ms % 1000, "ms");
        return b.toString();
    }

    private static void append(StringBuilder b, long amount, String unit) {
        if (amount > 0) {
            b.append(amount).append(unit);
        }
    }

    private static Map<String, Object> env(EnvDeclaration e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", e.name());
        if (!e.description().isEmpty()) {
            out.put("description", e.description());
        }
        if (e.sensitive()) {
            out.put("sensitive", true);
        }
        if (e.required()) {
            out.put("required", true);
        }
        return out;
    }

    private static Map<String, Object> secret(SecretDeclaration s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", s.name());
        if (!s.env().equals(SecretDeclaration.defaultEnv(s.name()))) {
            out.put("env", s.env());
        }
        if (s.required()) {
            out.put("required", true);
        }
        if (!s.description().isEmpty()) {
            out.put("description", s.description());
        }
        return out;
    }

    private static void list(Map<String, Object> out, String key, List<?> values) {
        if (!values.isEmpty()) {
            out.put(key, new ArrayList<>(values));
        }
    }
}
