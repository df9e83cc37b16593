package dev.animus.sdk;

/**
 * The optional protocol features a plugin can advertise in its {@code initialize} answer
 * ({@code capabilities.streaming}, {@code .progress}, {@code .cancellation}).
 */
public enum Feature {
    /** The plugin streams notifications carrying the request id before its final answer. */
    STREAMING,
    /** The plugin sends {@code $/progress} notifications ({@link RequestContext#progress}). */
    PROGRESS,
    /**
     * The plugin acts on {@code $/cancelRequest}: its handlers watch {@link RequestContext#isCancelled}
     * or block in {@link RequestContext#awaitCancellation}.
     */
    CANCELLATION
}
