package dev.animus.runtime;

import dev.animus.core.DiscoverySource;
import dev.animus.core.Fix;
import dev.animus.core.Manifest;
import dev.animus.core.PluginKind;
import dev.animus.discovery.DiscoveredPlugin;
import dev.animus.discovery.Discovery;
import dev.animus.install.AnimusHome;
import dev.animus.install.LaunchRefused;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The roles check of docs/operations.md#preflight, over one discovery run (which runs nothing but
 * the cached {@code --manifest} probes discovery always does) and the launch gate's state-only
 * answer: a role is served by an installed plugin that the gate would let run for the agent
 * (trusted, consented, enabled) and whose manifest declares the role's kind.
 */
final class Preflight {
    private Preflight() {}

    static PreflightReport check(
            AnimusHome home, Discovery discovery, String agent, Supplier<PluginDefaults> defaults) {
        List<PreflightReport.Satisfied> satisfied = new ArrayList<>();
        List<PreflightReport.Missing> missing = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, Optional<LaunchRefused>> gate = new LinkedHashMap<>();
        Predicate<DiscoveredPlugin> usable = p -> p.source() == DiscoverySource.INSTALLED
                && gate.computeIfAbsent(p.name(), n -> refusal(home, n, agent)).isEmpty();
        PluginDefaults[] read = new PluginDefaults[1];
        Supplier<PluginDefaults> once = () -> read[0] == null ? (read[0] = defaults.get()) : read[0];
        for (String role : PreflightReport.REQUIRED) {
            List<DiscoveredPlugin> serving = serving(discovery, role);
            List<String> names =
                    serving.stream().filter(usable).map(DiscoveredPlugin::name).toList();
            if (!names.isEmpty()) {
                satisfied.add(new PreflightReport.Satisfied(role, true, names));
            } else {
                missing.add(missing(role, serving, gate, once));
            }
        }
        List<String> transports = serving(discovery, "transport_enabled").stream()
                .filter(usable)
                .map(DiscoveredPlugin::name)
                .toList();
        optional(satisfied, warnings, "transport_enabled", transports, "no usable plugin serves transport_backend");
        List<String> config = serving(discovery, "config_source").stream()
                .filter(usable)
                .map(DiscoveredPlugin::name)
                .toList();
        optional(satisfied, warnings, "config_source", config, "no usable plugin serves config_source");
        Map<String, Set<String>> kinds = new LinkedHashMap<>();
        serving(discovery, "subject_backend").stream()
                .filter(usable)
                .forEach(p -> p.manifest()
                        .subjectKinds()
                        .forEach(k -> kinds.computeIfAbsent(k, x -> new LinkedHashSet<>())
                                .add(p.name())));
        if (kinds.isEmpty()) {
            warnings.add("optional role subject_kind:<kind>: no usable subject backend declares a subject kind");
        }
        kinds.forEach((k, plugins) ->
                satisfied.add(new PreflightReport.Satisfied("subject_kind:" + k, false, List.copyOf(plugins))));
        return new PreflightReport(satisfied, missing, List.of(), warnings);
    }

    /** The plugins discovery found whose manifest declares {@code role}'s kind, in precedence order. */
    static List<DiscoveredPlugin> serving(Discovery discovery, String role) {
        return switch (role) {
            case "provider" -> discovery.byKind(PluginKind.Routed.PROVIDER);
            case "subject_backend" -> discovery.byKind(PluginKind.Routed.SUBJECT_BACKEND);
            case "workflow_runner" -> discovery.byKind(PluginKind.Routed.WORKFLOW_RUNNER);
            case "queue" -> discovery.byKind(PluginKind.Routed.QUEUE);
            case "transport_enabled" -> discovery.byKind(PluginKind.Routed.TRANSPORT_BACKEND);
            case "config_source" ->
                discovery.plugins().stream()
                        .filter(p -> declares(p.manifest(), "config_source"))
                        .toList();
            default -> throw new IllegalArgumentException("not a preflight role: " + role);
        };
    }

    private static boolean declares(Manifest m, String kind) {
        return Stream.concat(Stream.of(m.kind()), m.extraKinds().stream())
                .anyMatch(k -> k.declared().equals(kind));
    }

    private static Optional<LaunchRefused> refusal(AnimusHome home, String name, String agent) {
        try {
            home.gate().allowed(name, agent);
            return Optional.empty();
        } catch (LaunchRefused e) {
            return Optional.of(e);
        }
    }

    /**
     * Why {@code role} is missing and what serves it: an installed plugin that declares it is
     * granted what it lacks; else a plugin found nearby is installed; else its default; else
     * nothing is known, and the reason says what to do.
     */
    private static PreflightReport.Missing missing(
            String role,
            List<DiscoveredPlugin> serving,
            Map<String, Optional<LaunchRefused>> gate,
            Supplier<PluginDefaults> defaults) {
        for (DiscoveredPlugin p : serving) {
            Optional<LaunchRefused> refused = gate.getOrDefault(p.name(), Optional.empty());
            if (p.source() == DiscoverySource.INSTALLED && refused.isPresent()) {
                return new PreflightReport.Missing(
                        role,
                        refused.get().failure().fixes(),
                        "plugin " + p.name() + " serves it but " + refused.get().getMessage());
            }
        }
        for (DiscoveredPlugin p : serving) {
            if (p.source() != DiscoverySource.INSTALLED) {
                return new PreflightReport.Missing(
                        role,
                        List.of(new Fix.Install(new Fix.Source.At(p.location().toString()), Optional.empty())),
                        "plugin " + p.name() + " at " + p.location() + " serves it but is not installed");
            }
        }
        PluginDefaults d = defaults.get();
        Optional<PluginDefaults.Entry> entry = d.forRole(role).stream().findFirst();
        if (entry.isPresent()) {
            String group = entry.get().group();
            return new PreflightReport.Missing(
                    role,
                    List.of(new Fix.InstallDefaults(group.equals(PluginDefaults.CORE) ? List.of() : List.of(group))),
                    "no usable plugin serves it; " + d.origin() + " has a default for it ("
                            + entry.get().key() + ")");
        }
        return new PreflightReport.Missing(
                role,
                List.of(),
                "no installed or nearby plugin serves it and " + d.origin() + " has no default for it;"
                        + " install a plugin whose manifest declares plugin_kind \"" + role + "\"");
    }

    private static void optional(
            List<PreflightReport.Satisfied> satisfied,
            List<String> warnings,
            String role,
            List<String> plugins,
            String why) {
        if (plugins.isEmpty()) {
            warnings.add("optional role " + role + ": " + why);
        } else {
            satisfied.add(new PreflightReport.Satisfied(role, false, plugins));
        }
    }
}
