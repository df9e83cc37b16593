package dev.animus.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The precedence rule of discovery: candidates arrive in source order and the first to claim a
 * name keeps it, whether or not it turns out to work (a broken entry reserves its name: a warning,
 * never a silent fall-through to a lower source). Later candidates of a claimed name are shadowed.
 *
 * @param winners one candidate per name, in discovery order
 * @param shadowed the later candidates of a claimed name, each with a warning naming the winner
 */
public record DiscoveryClaims(List<PluginCandidate> winners, List<DiscoveryWarning> shadowed) {
    public DiscoveryClaims {
        winners = List.copyOf(winners);
        shadowed = List.copyOf(shadowed);
    }

    /** Applies the rule to candidates given in any order (they are ordered by source, stably). */
    public static DiscoveryClaims of(List<PluginCandidate> candidates) {
        List<PluginCandidate> ordered = new ArrayList<>(candidates);
        ordered.sort(Comparator.comparing(PluginCandidate::source)); // stable: scan order kept
        Map<String, PluginCandidate> first = new LinkedHashMap<>();
        List<DiscoveryWarning> shadowed = new ArrayList<>();
        for (PluginCandidate c : ordered) {
            PluginCandidate winner = first.putIfAbsent(c.name(), c);
            if (winner != null) {
                shadowed.add(new DiscoveryWarning(
                        c.name(),
                        c.path(),
                        c.source(),
                        "shadowed by " + winner.path() + " (" + winner.source().word()
                                + "), which comes first; rename or remove one of them"));
            }
        }
        return new DiscoveryClaims(List.copyOf(first.values()), shadowed);
    }
}
