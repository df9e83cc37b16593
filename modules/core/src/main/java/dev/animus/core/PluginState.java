package dev.animus.core;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the operator allowed for one plugin name (security.md §3, lifecycle.md §1).
 *
 * @param current the install that runs
 * @param previous the one rollback slot
 * @param trustedDigests code digests the operator trusted (sorted, kept across updates)
 * @param consentGrants disclosures the operator accepted, keyed by consent digest, in grant order
 * @param enabledAgents the agents it is enabled for (sorted)
 * @param enabledAllAgents whether it is enabled for every agent
 */
public record PluginState(Optional<InstallRecord> current, Optional<InstallRecord> previous,
        Set<String> trustedDigests, List<ConsentGrant> consentGrants, Set<String> enabledAgents,
        boolean enabledAllAgents) {
    public PluginState {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(previous, "previous");
        trustedDigests = Collections.unmodifiableSet(new TreeSet<>(Set.copyOf(trustedDigests)));
        trustedDigests.forEach(d -> Digests.requireSha256(d, "trusted digest"));
        consentGrants = List.copyOf(consentGrants);
        enabledAgents = Collections.unmodifiableSet(new TreeSet<>(Set.copyOf(enabledAgents)));
    }

    /** A name with nothing recorded. */
    public static PluginState empty() {
        return new PluginState(Optional.empty(), Optional.empty(), Set.of(), List.of(), Set.of(), false);
    }
}
