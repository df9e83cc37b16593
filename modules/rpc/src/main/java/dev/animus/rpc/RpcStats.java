package dev.animus.rpc;

/**
 * Counters of one {@link RpcConnection}, for diagnostics ({@code animus plugins stats}) and tests.
 *
 * @param framesIn well-formed frames read from the peer
 * @param framesOut frames written to the peer
 * @param malformed malformed frames and non-JSON lines the reader discarded
 * @param oversized frames over the frame bound the reader discarded
 * @param invalidEnvelopes well-formed JSON that is not a JSON-RPC 2.0 message (dropped; a request
 *     among them, with an invalid id or params or an id already in flight, is answered -32600)
 * @param droppedResponses responses for an id nobody waits for: after the deadline, duplicate or unknown (the answer to a cancelled call is expected and not counted)
 * @param rejectedPeerRequests requests from the peer for a method without a handler, answered -32601
 * @param answeredPeerRequests requests from the peer answered by their handler: a result or an
 *     error, including the -32603 written for a handler that threw or gave no answer (not the
 *     -32002 of a cancelled request)
 * @param cancelledPeerRequests requests from the peer that its {@code $/cancelRequest} cancelled
 *     while they were handled (answered -32002 then, or a stream stopped after its answer)
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
        long answeredPeerRequests,
        long cancelledPeerRequests,
        long laggedNotifications) {}
