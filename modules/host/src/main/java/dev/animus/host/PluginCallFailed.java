package dev.animus.host;

import dev.animus.core.DurationText;
import dev.animus.core.HostFailure;
import java.util.Objects;

/**
 * A request through a {@link Supervisor} failed; {@link #failure()} says how, as a value a caller
 * can switch over (a plugin's error answer arrives here untouched, as {@link HostFailure.Rpc}).
 * A {@link HostFailure.Timeout} whose deadline passed before the request was even written whole
 * (the plugin stopped reading its input) has {@link #requestWritten()} false.
 */
public final class PluginCallFailed extends RuntimeException implements SupervisionFailure {
    private static final long serialVersionUID = 1L;

    private final String plugin;
    private final String method;
    private final transient HostFailure failure;
    private final boolean requestWritten;

    PluginCallFailed(String plugin, String method, HostFailure failure) {
        this(plugin, method, failure, true);
    }

    PluginCallFailed(String plugin, String method, HostFailure failure, boolean requestWritten) {
        super("plugin " + plugin + ", " + method + ": "
                + (requestWritten || !(failure instanceof HostFailure.Timeout t)
                        ? failure.message()
                        : "the request was not written within " + DurationText.format(t.after())
                                + " (the plugin stopped reading its input)"));
        this.plugin = Objects.requireNonNull(plugin, "plugin");
        this.method = Objects.requireNonNull(method, "method");
        this.failure = Objects.requireNonNull(failure, "failure");
        this.requestWritten = requestWritten;
    }

    /**
     * The failure as another process reported it (the daemon, over its control socket): the same
     * value, so a front end shows it as it would its own.
     */
    public static PluginCallFailed reported(String plugin, String method, HostFailure failure, boolean requestWritten) {
        return new PluginCallFailed(plugin, method, failure, requestWritten);
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

    /**
     * False when the deadline of a {@link HostFailure.Timeout} passed while the request was still
     * being written: the plugin never received it whole. True otherwise.
     */
    public boolean requestWritten() {
        return requestWritten;
    }
}
