package dev.animus.sdk;

import tools.jackson.databind.JsonNode;

/**
 * The plugin's protocol stream (stdout), as a {@link RawMethodHandler} sees it. Every call writes
 * under the same lock as the sdk's own frames, so no two writes interleave. Thread-safe.
 *
 * <p>When the stream is broken (the host went away) writes are dropped; the session ends.
 */
public interface RawOutput {

    /** Writes {@code frame} as one compact line plus {@code \n} and flushes. */
    void send(JsonNode frame);

    /**
     * Writes {@code text} exactly as given (UTF-8) and flushes: no newline is added and nothing
     * is checked. This is how a fixture prints garbage, a pretty-printed or a split frame.
     */
    void writeVerbatim(String text);
}
