package dev.animus.rpc;

/**
 * Counters of one {@link RpcConnection}, for diagnostics ({@code animus plugins stats}) and tests.
 *
 * @param framesIn well-formed frames read from the peer
 * @param framesOut frames written to the peer
 * @param malformed malformed frames and non-JSON lines the reader discarded
 * @param oversized frames over the frame bound the reader discarded
 * @param invalidEnvelopes well-formed JSON that is not a JSON-RPC 2.0 message (dropped)
 * @param droppedResponses responses for an id nobody waits for: after the deadline, duplicate or unknown (the answer to a cancelled call is expected and not counted)
 * @param rejectedPeerRequests requests from the peer, answered with -32601
 * @param laggedNotifications notifications lost by subscribers that did not keep up (summed)
 */
public record RpcStats(
        long framesIn,
        long framesOut,
        long malformed,
        long oversized,
        long invalidEnvelopes,
        long droppedResponses,
        long rejectedPeerRequests,
        long laggedNotifications) {}
