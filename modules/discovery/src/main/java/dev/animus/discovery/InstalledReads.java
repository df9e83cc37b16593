package dev.animus.discovery;

import dev.animus.core.ArtifactShape;
import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.PluginCandidate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Installed plugins as discovery candidates of the first source, and their reads: from the
 * manifest recorded in the state document, never by running anything. One candidate per installed
 * name: the same bytes installed under two names are two plugins (one store entry).
 */
final class InstalledReads {
    private final Map<String, InstalledPlugin> byName = new LinkedHashMap<>();

    InstalledReads(List<InstalledPlugin> installed) {
        installed.forEach(p -> byName.put(p.name(), p));
    }

    List<PluginCandidate> candidates() {
        return byName.values().stream()
                .map(p -> new PluginCandidate(
                        p.name(), p.location().toString(), DiscoverySource.INSTALLED, p.shape() == ArtifactShape.TREE))
                .toList();
    }

    PluginReader.Read read(PluginCandidate c) {
        InstalledPlugin p = byName.get(c.name());
        if (!p.trusted()) {
            return new PluginReader.Read.Untrusted(new UntrustedBinary(
                    p.name(), p.location().toString(), DiscoverySource.INSTALLED, p.digest(), new Fix.Trust(p.name())));
        }
        if (p.manifest().isEmpty()) {
            return new PluginReader.Read.Broken(new DiscoveryWarning(
                    p.name(),
                    p.location().toString(),
                    DiscoverySource.INSTALLED,
                    Guidance.of(
                            "its recorded manifest is missing or no longer valid; '",
                            new Fix.Doctor(p.name()),
                            "' says why")));
        }
        return new PluginReader.Read.Usable(
                new DiscoveredPlugin(
                        p.name(),
                        p.manifest().get(),
                        p.executable(),
                        p.location(),
                        DiscoverySource.INSTALLED,
                        p.shape() == ArtifactShape.TREE,
                        Optional.of(p.digest()),
                        false),
                List.of());
    }
}
