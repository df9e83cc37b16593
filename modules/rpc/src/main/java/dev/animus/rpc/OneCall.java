package dev.animus.rpc;

import dev.animus.core.ErrorCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request and its answer over a connected socket, on the caller's thread: no reader thread,
 * no writer, no timers, no handler table (a peer's request is never answered). For a process that
 * asks once and exits, such as a Tab that asks the daemon what completes, where an
 * {@link RpcConnection}'s threads cost more than the call. The same framing as a connection's
 * (a compact frame and LF out; in, any frames the scanner accepts, within the frame bound):
 * notifications and frames of other ids before the answer are skipped, malformed ones too.
 */
public final class OneCall {
    private static final long ID = 1;

    private OneCall() {}

    /**
     * Sends {@code method} with {@code params} on {@code channel} (connected; left open, in
     * non-blocking mode) and waits at most {@code deadline} for its answer.
     *
     * @return the result
     * @throws RemoteError the peer's error answer
     * @throws RequestTimedOut when no answer arrived in time
     * @throws ConnectionLost when the peer closed the connection first or it failed
     */
    public static JsonNode call(SocketChannel channel, String method, JsonNode params, Duration deadline) {
        Objects.requireNonNull(method, "method");
        long until = System.nanoTime() + deadline.toNanos();
        ObjectNode request = JsonNodeFactory.instance
                .objectNode()
                .put("jsonrpc", "2.0")
                .put("id", ID)
                .put("method", method);
        request.set("params", Objects.requireNonNull(params, "params"));
        ByteSink frame = new ByteSink();
        CompactJson.write(request, frame);
        frame.write('\n');
        Answer answer = new Answer();
        FrameScanner scanner = new FrameScanner(FrameReader.DEFAULT_MAX_FRAME_BYTES, answer);
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            ByteBuffer out = ByteBuffer.wrap(frame.array(), 0, frame.size());
            SelectionKey key = channel.register(selector, SelectionKey.OP_WRITE);
            ByteBuffer in = ByteBuffer.allocate(64 * 1024);
            while (answer.frame == null) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    throw new RequestTimedOut(method, deadline, !out.hasRemaining());
                }
                if (selector.select(Math.max(1, left / 1_000_000)) == 0) {
                    continue;
                }
                selector.selectedKeys().clear();
                if (out.hasRemaining()) {
                    channel.write(out);
                    if (!out.hasRemaining()) {
                        key.interestOps(SelectionKey.OP_READ);
                    }
                    continue;
                }
                int n = channel.read(in.clear());
                if (n < 0) {
                    throw new ConnectionLost("the peer closed the connection before it answered " + method);
                }
                scanner.feed(in.array(), 0, n);
            }
        } catch (IOException e) {
            throw new ConnectionLost("the connection failed during " + method + ": " + e.getMessage(), e);
        }
        JsonNode error = answer.frame.path("error");
        if (error.isObject()) {
            JsonNode data = error.path("data");
            throw new RemoteError(
                    error.path("code").asInt(ErrorCodes.INTERNAL_ERROR),
                    error.path("message").asString(""),
                    data.isMissingNode() ? MissingNode.getInstance() : data,
                    method);
        }
        return answer.frame.path("result");
    }

    /** Keeps the first frame that answers our request. */
    private static final class Answer implements FrameScanner.Listener {
        JsonNode frame;

        @Override
        public void frame(byte[] bytes, int offset, int length) {
            if (frame != null) {
                return;
            }
            JsonNode tree;
            try {
                tree = FrameParser.parse(bytes, offset, length);
            } catch (IllegalArgumentException e) {
                return; // not UTF-8: skipped as a connection would
            }
            JsonNode id = tree.path("id");
            if (!tree.has("method") && id.isIntegralNumber() && id.asLong() == ID) {
                frame = tree;
            }
        }

        @Override
        public void malformed(String reason, String excerpt) {}

        @Override
        public void oversized(long bytesDiscarded) {}
    }
}
