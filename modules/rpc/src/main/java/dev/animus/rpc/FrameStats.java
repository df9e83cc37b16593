package dev.animus.rpc;

/**
 * What a {@link FrameReader} has seen so far.
 *
 * @param frames frames delivered to the sink
 * @param malformed malformed frames and non-JSON lines discarded (each discarded run counts once)
 * @param oversized frames rejected for exceeding the frame bound
 * @param bytes bytes read from the stream
 */
public record FrameStats(long frames, long malformed, long oversized, long bytes) {}
