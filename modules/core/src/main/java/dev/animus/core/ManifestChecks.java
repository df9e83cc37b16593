package dev.animus.core;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The whole-manifest invariants {@link Manifest}'s constructor enforces, grouped as the manifest
 * reads: who the plugin is, what it offers, which advice it gives, what it discloses, where it
 * lives. Each throws {@link ManifestInvalid} at the wire field path.
 */
final class ManifestChecks {

    private ManifestChecks() {}

    static void identity(String name, PluginKind kind, List<PluginKind> extraKinds, String description) {
        ManifestRules.nameProblem(name).ifPresent(reason -> {
            throw ManifestRules.broken("name", reason);
        });
        ManifestRules.maxItems("plugin_kinds", extraKinds);
        for (int i = 0; i < extraKinds.size(); i++) {
            if (extraKinds.get(i).equals(kind)) {
                throw ManifestRules.broken(
                        "plugin_kinds[" + i + "]",
                        ManifestRules.quote(kind.declared())
                                + " is already the plugin_kind: list only the extra roles here");
            }
        }
        ManifestRules.distinctBy("plugin_kinds", extraKinds, "", PluginKind::declared);
        ManifestRules.maxLength("description", description, ManifestRules.MAX_DESCRIPTION);
    }

    static void contract(
            List<String> capabilities,
            List<EnvDeclaration> envRequired,
            OptionalInt notificationBufferSize,
            TimeoutTable timeouts) {
        ManifestRules.distinct("capabilities", capabilities, ManifestRules::capabilityProblem);
        ManifestRules.maxItems("env_required", envRequired);
        ManifestRules.distinctBy("env_required", envRequired, ".name", EnvDeclaration::name);
        notificationBufferSize.ifPresent(size -> {
            if (size < ManifestRules.MIN_BUFFER || size > ManifestRules.MAX_BUFFER) {
                throw ManifestRules.broken(
                        "notification_buffer_size",
                        "is " + size + "; use a number from " + ManifestRules.MIN_BUFFER + " to "
                                + ManifestRules.MAX_BUFFER);
            }
        });
        if (timeouts.overrides().size() > ManifestRules.MAX_ITEMS) {
            throw ManifestRules.broken(
                    "timeouts",
                    "has " + timeouts.overrides().size() + " entries; at most " + ManifestRules.MAX_ITEMS
                            + " are allowed");
        }
        for (Map.Entry<String, Duration> e : timeouts.overrides().entrySet()) {
            String field = "timeouts." + e.getKey();
            Optional<String> problem =
                    ManifestRules.methodProblem(e.getKey()).or(() -> ManifestRules.timeoutProblem(e.getValue()));
            problem.ifPresent(reason -> {
                throw ManifestRules.broken(field, reason);
            });
        }
    }

    static void advice(List<String> hooks, List<String> policyHooks, List<String> events) {
        ManifestRules.distinct("hooks", hooks, ManifestRules::hookProblem);
        ManifestRules.distinct("policy_hooks", policyHooks, ManifestRules::policyHookProblem);
        ManifestRules.distinct("events", events, ManifestRules::eventProblem);
    }

    static void disclosure(List<String> networkDestinations, List<String> dataSent, List<SecretDeclaration> secrets) {
        ManifestRules.distinct("network.destinations", networkDestinations, d -> {
            try {
                String normal = NetworkDestinations.normalize(d);
                return normal.equals(d)
                        ? Optional.empty()
                        : Optional.of(
                                ManifestRules.quote(d) + " is not normalised: write " + ManifestRules.quote(normal));
            } catch (IllegalArgumentException e) {
                return Optional.of(e.getMessage());
            }
        });
        ManifestRules.distinct("data_sent", dataSent, ManifestRules::dataClassProblem);
        ManifestRules.maxItems("secrets", secrets);
        ManifestRules.distinctBy("secrets", secrets, ".name", SecretDeclaration::name);
        ManifestRules.distinctBy("secrets", secrets, ".env", SecretDeclaration::env);
    }

    static void entry(Optional<String> entry) {
        entry.ifPresent(e -> {
            String normal;
            try {
                normal = EntryPath.normalize(e);
            } catch (IllegalArgumentException problem) {
                throw ManifestRules.broken("entry", problem.getMessage());
            }
            if (!normal.equals(e)) {
                throw ManifestRules.broken(
                        "entry", ManifestRules.quote(e) + " is not normalised: write " + ManifestRules.quote(normal));
            }
        });
    }
}
