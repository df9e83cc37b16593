package dev.animus.shell.trust;

import dev.animus.core.DiscoverySource;
import dev.animus.core.InstallState;
import dev.animus.core.Installation;
import dev.animus.discovery.DiscoveredPlugin;
import dev.animus.shell.AnimusCommand;

/**
 * The STAGE column of {@code plugin list} (the word {@code plugin inspect} names {@code stage} too):
 * an installed plugin's stage for the agent ({@code untrusted},
 * {@code trusted}, {@code consented}, {@code enabled}); a binary found elsewhere whose digest is trusted
 * reads {@code not installed} (it is called only once installed).
 */
public final class TrustColumn {
    private final InstallState state;
    private final String agent;

    private TrustColumn(InstallState state, String agent) {
        this.state = state;
        this.agent = agent;
    }

    public static TrustColumn read(AnimusCommand root) {
        // an unreadable document reads as nothing installed: discovery already warned
        return new TrustColumn(root.animus().readableState().orElse(InstallState.empty()), root.agent());
    }

    public String of(DiscoveredPlugin p) {
        if (p.source() != DiscoverySource.INSTALLED) {
            return "not installed";
        }
        return Installation.stage(state, p.name(), agent).word();
    }
}
