package dev.animus.runtime;

import dev.animus.core.HostFailure;
import java.util.Objects;

/**
 * A request through a {@link Supervisor} failed; {@link #failure()} says how, as a value a caller
 * can switch over (a plugin's error answer arrives here untouched, as {@link HostFailure.Rpc}).
 */
public final class PluginCallFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String plugin;
    private final String method;
    private final transient HostFailure failure;

    PluginCallFailed(String plugin, String method, HostFailure failure) {
        super("plugin " + plugin + ", " + method + ": " + failure.message());
        this.plugin = Objects.requireNonNull(plugin, "plugin");
        this.method = Objects.requireNonNull(method, "method");
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    public String plugin() {
        return plugin;
    }

    public String method() {
        return method;
    }

    public HostFailure failure() {
        return failure;
    }
}
