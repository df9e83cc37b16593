package dev.animus.rpc;

import tools.jackson.databind.JsonNode;

/**
 * Receives what a {@link FrameReader} finds. All methods are called on the reader's thread, in
 * stream order; they must not block for long (the peer's output pipe fills up meanwhile).
 */
public interface FrameSink {

    /** One complete JSON object or array. */
    void frame(JsonNode frame);

    /**
     * Bytes that were not a frame were discarded: a malformed frame, a root scalar, a line of
     * non-JSON text, or a frame cut off by the end of the stream. Already logged by the reader.
     *
     * @param reason what was wrong, with the stream offset
     * @param excerpt a short, printable excerpt of the offending bytes
     */
    default void malformed(String reason, String excerpt) {}

    /**
     * A frame grew past the frame bound and was dropped. Already logged by the reader.
     *
     * @param bytesDiscarded the bytes of the frame dropped so far (the bound); the rest of its
     *     line is discarded too
     */
    default void oversized(long bytesDiscarded) {}

    /** Called after the frames found in one {@code read()} chunk were delivered. */
    default void batchEnd() {}
}
