package dev.animus.core;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the operator allowed for one plugin name (docs/security.md#the-state-document,
 * docs/lifecycle.md#installation-lifecycle).
 *
 * @param current the install that runs
 * @param previous the one rollback slot
 * @param trustedDigests code digests the operator trusted (sorted, kept across updates)
 * @param consentGrants disclosures the operator accepted, keyed by consent digest, in grant order
 * @param enabledAgents the agents it is enabled for (sorted)
 * @param enabledAllAgents whether it is enabled for every agent
 * @param interpreters for each trusted digest of a script, the interpreter resolved when it was
 *     trusted (a trusted digest without one is a native executable); every key is a trusted digest
 * @param subjectAliases the subject kind aliases it was installed with ({@code animus plugin install
 *     --as-kind}), as their texts ({@code task=task2}, {@code task.*=t2.*}), in the order given; kept
 *     across updates and rollbacks (docs/protocol.md#aliases)
 */
public record PluginState(
        Optional<InstallRecord> current,
        Optional<InstallRecord> previous,
        Set<String> trustedDigests,
        List<ConsentGrant> consentGrants,
        Set<String> enabledAgents,
        boolean enabledAllAgents,
        Map<String, Interpreter> interpreters,
        List<String> subjectAliases) {
    public PluginState {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(previous, "previous");
        trustedDigests = Collections.unmodifiableSet(new TreeSet<>(Set.copyOf(trustedDigests)));
        trustedDigests.forEach(d -> Digests.requireSha256(d, "trusted digest"));
        consentGrants = List.copyOf(consentGrants);
        enabledAgents = Collections.unmodifiableSet(new TreeSet<>(Set.copyOf(enabledAgents)));
        interpreters = Collections.unmodifiableMap(new TreeMap<>(Map.copyOf(interpreters)));
        for (String digest : interpreters.keySet()) {
            if (!trustedDigests.contains(digest)) {
                throw new IllegalArgumentException(
                        "an interpreter is recorded for " + digest + ", which is not trusted");
            }
        }
        subjectAliases = List.copyOf(subjectAliases);
    }

    /**
     * The state before subject aliases were recorded, or of a plugin with none. Only for building
     * states from scratch; a transition keeps {@link #subjectAliases}.
     */
    public PluginState(
            Optional<InstallRecord> current,
            Optional<InstallRecord> previous,
            Set<String> trustedDigests,
            List<ConsentGrant> consentGrants,
            Set<String> enabledAgents,
            boolean enabledAllAgents,
            Map<String, Interpreter> interpreters) {
        this(
                current,
                previous,
                trustedDigests,
                consentGrants,
                enabledAgents,
                enabledAllAgents,
                interpreters,
                List.of());
    }

    /**
     * The state before interpreters were recorded, or of a plugin with none: the same fields, no
     * interpreter. Only for building states from scratch; a transition keeps {@link #interpreters}.
     */
    public PluginState(
            Optional<InstallRecord> current,
            Optional<InstallRecord> previous,
            Set<String> trustedDigests,
            List<ConsentGrant> consentGrants,
            Set<String> enabledAgents,
            boolean enabledAllAgents) {
        this(current, previous, trustedDigests, consentGrants, enabledAgents, enabledAllAgents, Map.of());
    }

    /** The interpreter recorded when {@code digest} was trusted; empty for a native executable or an untrusted digest. */
    public Optional<Interpreter> interpreter(String digest) {
        return Optional.ofNullable(interpreters.get(digest));
    }

    /** This state with other enablement: the one field most transitions change. */
    public PluginState withEnablement(Set<String> agents, boolean allAgents) {
        return new PluginState(
                current, previous, trustedDigests, consentGrants, agents, allAgents, interpreters, subjectAliases);
    }

    /** This state with other code in its current and previous slots; nothing else changes. */
    public PluginState withInstalls(Optional<InstallRecord> current, Optional<InstallRecord> previous) {
        return new PluginState(
                current,
                previous,
                trustedDigests,
                consentGrants,
                enabledAgents,
                enabledAllAgents,
                interpreters,
                subjectAliases);
    }

    /** This state with other trusted digests and the interpreters recorded for them. */
    public PluginState withTrust(Set<String> trustedDigests, Map<String, Interpreter> interpreters) {
        return new PluginState(
                current,
                previous,
                trustedDigests,
                consentGrants,
                enabledAgents,
                enabledAllAgents,
                interpreters,
                subjectAliases);
    }

    /** This state with other consent grants. */
    public PluginState withConsentGrants(List<ConsentGrant> consentGrants) {
        return new PluginState(
                current,
                previous,
                trustedDigests,
                consentGrants,
                enabledAgents,
                enabledAllAgents,
                interpreters,
                subjectAliases);
    }

    /** This state with other subject aliases (their texts, as {@code --as-kind} takes them). */
    public PluginState withSubjectAliases(List<String> subjectAliases) {
        return new PluginState(
                current,
                previous,
                trustedDigests,
                consentGrants,
                enabledAgents,
                enabledAllAgents,
                interpreters,
                subjectAliases);
    }

    /** A name with nothing recorded. */
    public static PluginState empty() {
        return new PluginState(Optional.empty(), Optional.empty(), Set.of(), List.of(), Set.of(), false);
    }
}
