package dev.animus.runtime;

import dev.animus.core.HostHello;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.PluginStatus;
import java.util.List;
import java.util.Optional;

/**
 * The plugins this process runs, kept warm between the use cases of one front end (the commands of
 * one script or interactive shell): the application API's handle on the plugin host. Close it to
 * stop them.
 */
public final class Plugins implements AutoCloseable {
    private final PluginHost host;

    private Plugins(PluginHost host) {
        this.host = host;
    }

    /** A host with the default crash policy, greeting plugins as this Animus version. */
    public static Plugins start() {
        return start(HostHello.animus(HostVersion.current()));
    }

    /** A host with the default crash policy, greeting plugins with {@code hello}. */
    public static Plugins start(HostHello hello) {
        return new Plugins(PluginHost.create(PluginHost.Options.defaults(hello)));
    }

    /**
     * Registers {@code registration}: an equal one keeps its warm process, another replaces it.
     * Nothing starts until the first call.
     */
    public PluginHandle register(PluginRegistration registration) {
        return new PluginHandle(host.register(registration));
    }

    /** The plugin registered as {@code name}, if one is. */
    public Optional<PluginHandle> find(String name) {
        return host.find(name).map(PluginHandle::new);
    }

    /** The status of every registered plugin. */
    public List<PluginStatus> status() {
        return host.status();
    }

    /**
     * A subscription to the plugins' state changes ({@code everyTransition}: also the routine
     * ones); close it after use.
     */
    public StatusFeed subscribe(boolean everyTransition) {
        return new StatusFeed(host.events().subscribe(everyTransition));
    }

    PluginHost host() {
        return host;
    }

    /** Stops every plugin and waits for them to be gone (not longer when interrupted). */
    @Override
    public void close() {
        host.close();
    }
}
