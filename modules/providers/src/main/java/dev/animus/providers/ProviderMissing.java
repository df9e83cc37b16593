package dev.animus.providers;

import dev.animus.core.Fix;
import java.util.List;
import java.util.Objects;

/**
 * No installed plugin is the provider a run names: a hard error (never a fallback to another
 * provider), with what installs it: {@link #provider()} is the name as asked for, {@link #fixes()}
 * what installs it (a front end shows each as the command to type).
 */
public final class ProviderMissing extends ProviderFailure {
    private static final long serialVersionUID = 1L;
    private final String provider;
    private final transient List<Fix> fixes;

    public ProviderMissing(String provider, List<Fix> fixes) {
        super("no provider named '" + Objects.requireNonNull(provider, "provider") + "' is installed");
        this.provider = provider;
        this.fixes = List.copyOf(fixes);
    }

    public String provider() {
        return provider;
    }

    public List<Fix> fixes() {
        return fixes;
    }

    @Override
    public String code() {
        return "provider_missing";
    }
}
