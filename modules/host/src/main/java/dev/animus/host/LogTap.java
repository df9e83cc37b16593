package dev.animus.host;

/**
 * The host-wide sink of every plugin's {@code log/entry} notifications, inside a request or not
 * (docs/protocol.md#logging). Each plugin process has one log pump: a dropping buffer of
 * {@link #CAPACITY} entries filled by the connection's reader (which never waits for it) and a
 * virtual thread that hands them here in arrival order. The per-request forwarding of
 * {@code log/entry} to a request's stream is unchanged.
 *
 * <p>Called from the pumps' threads, several at once: implementations are thread-safe and hand the
 * line off without blocking for long (a slow tap only makes its own pump's buffer drop).
 */
public interface LogTap {
    /** The buffer of one plugin process's log pump, in notifications. */
    int CAPACITY = 1024;

    /** A tap that takes nothing (a host whose plugins' logs go nowhere but their requests). */
    LogTap NONE = new LogTap() {
        @Override
        public void accept(PluginLogLine line) {}

        @Override
        public void lost(String plugin, long count) {}
    };

    /** One {@code log/entry} of a plugin. */
    void accept(PluginLogLine line);

    /** {@code count} entries of {@code plugin} were dropped because its pump's buffer was full. */
    void lost(String plugin, long count);
}
