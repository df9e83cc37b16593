package dev.animus.transports;

import java.util.Objects;

/**
 * A transport could not be started: its process did not become ready, it refused or did not answer
 * {@code transport/start}, or its answer is unusable. The message is one line naming the plugin.
 */
public final class TransportFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String plugin;

    public TransportFailed(String plugin, String reason) {
        super("transport " + Objects.requireNonNull(plugin, "plugin") + ": " + oneLine(reason));
        this.plugin = plugin;
    }

    /** The transport's installed name. */
    public String plugin() {
        return plugin;
    }

    private static String oneLine(String s) {
        return String.valueOf(s).replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
