package dev.animus.runtime;

import dev.animus.core.AgentScope;
import dev.animus.install.SignaturePolicy;
import java.util.Objects;
import java.util.Set;

/**
 * How {@code plugin install-defaults} (or {@code preflight --auto-install}) installs the defaults.
 *
 * @param include the optional groups to install too ({@code subjects}, {@code transports}, {@code oai-agent},
 *     {@code triggers})
 * @param force install a default whose name is installed already (its pin replaced, as {@code plugin install --force})
 * @param scope the agents to enable each one for
 * @param signatures what a release default's signature must be
 */
public record DefaultsOptions(Set<String> include, boolean force, AgentScope scope, SignaturePolicy signatures) {
    public DefaultsOptions {
        include = Set.copyOf(include);
        for (String g : include) {
            if (!PluginDefaults.GROUPS.contains(g) || g.equals(PluginDefaults.CORE)) {
                throw new IllegalArgumentException("not an optional group of defaults: " + g);
            }
        }
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(signatures, "signatures");
    }
}
