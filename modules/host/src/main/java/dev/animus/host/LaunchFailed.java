package dev.animus.host;

import dev.animus.core.HostFailure;
import dev.animus.core.OneLine;
import java.util.List;

/**
 * A plugin could not be brought to Ready: the OS refused to start it, or it did not answer
 * {@code initialize} in time, answered something that is not an InitializeResult, speaks another
 * protocol major, or died. The message names the plugin and the reason and ends with the plugin's
 * last stderr line, if any.
 */
public final class LaunchFailed extends RuntimeException implements SupervisionFailure {
    private static final long serialVersionUID = 1L;

    private final String plugin;
    private final transient HostFailure failure;
    private final transient List<String> stderrTail;

    private LaunchFailed(String plugin, String message, HostFailure failure, List<String> stderrTail, Throwable cause) {
        super(message + lastLine(stderrTail), cause);
        this.plugin = plugin;
        this.failure = failure;
        this.stderrTail = List.copyOf(stderrTail);
    }

    /**
     * The failure as another process reported it (the daemon, over its control socket), with its
     * message as that process wrote it (which already ends with the last stderr line).
     */
    public static LaunchFailed reported(String plugin, String message, HostFailure failure, List<String> stderrTail) {
        return new LaunchFailed(message, plugin, failure, stderrTail);
    }

    private LaunchFailed(String wholeMessage, String plugin, HostFailure failure, List<String> stderrTail) {
        super(wholeMessage);
        this.plugin = plugin;
        this.failure = failure;
        this.stderrTail = List.copyOf(stderrTail);
    }

    static LaunchFailed handshake(String plugin, HostFailure failure, List<String> stderrTail, Throwable cause) {
        return new LaunchFailed(
                plugin, "plugin " + plugin + " failed the handshake: " + failure.message(), failure, stderrTail, cause);
    }

    static LaunchFailed spawn(String plugin, RuntimeException cause) {
        return new LaunchFailed(
                plugin, cause.getMessage(), new HostFailure.SpawnFailed(cause.getMessage()), List.of(), cause);
    }

    private static String lastLine(List<String> tail) {
        return tail.isEmpty() ? "" : "; last stderr: " + OneLine.of(tail.getLast());
    }

    public String plugin() {
        return plugin;
    }

    /** Why, as a value: spawn refused, timeout, exit, incompatible protocol, error answer. */
    public HostFailure failure() {
        return failure;
    }

    /** The plugin's last stderr lines, redacted. */
    public List<String> stderrTail() {
        return stderrTail;
    }
}
