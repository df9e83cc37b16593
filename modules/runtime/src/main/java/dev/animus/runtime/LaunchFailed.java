package dev.animus.runtime;

import java.util.List;

/**
 * A plugin could not be brought to Ready: the OS refused to start it, or it did not answer
 * {@code initialize} in time, answered something that is not an InitializeResult, speaks another
 * protocol major, or died. The message names the plugin and the reason and ends with the plugin's
 * last stderr line, if any.
 */
public final class LaunchFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String plugin;
    private final transient List<String> stderrTail;

    private LaunchFailed(String plugin, String message, List<String> stderrTail, Throwable cause) {
        super(message + lastLine(stderrTail), cause);
        this.plugin = plugin;
        this.stderrTail = List.copyOf(stderrTail);
    }

    static LaunchFailed handshake(String plugin, String reason, List<String> stderrTail, Throwable cause) {
        return new LaunchFailed(plugin, "plugin " + plugin + " failed the handshake: " + reason, stderrTail, cause);
    }

    static LaunchFailed spawn(String plugin, RuntimeException cause) {
        return new LaunchFailed(plugin, cause.getMessage(), List.of(), cause);
    }

    private static String lastLine(List<String> tail) {
        return tail.isEmpty() ? "" : "; last stderr: " + tail.getLast();
    }

    public String plugin() {
        return plugin;
    }

    /** The plugin's last stderr lines, redacted. */
    public List<String> stderrTail() {
        return stderrTail;
    }
}
