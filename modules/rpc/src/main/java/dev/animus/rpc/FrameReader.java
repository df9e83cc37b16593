package dev.animus.rpc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads JSON frames from a stream, leniently (docs/protocol.md#framing): NDJSON, pretty-printed
 * frames over several lines, several frames per line, blank lines and leading whitespace. Malformed
 * input (a broken frame, a banner line, a root scalar) is logged with a short excerpt, counted, and
 * discarded through the next newline; a frame over the bound is dropped once it passes the bound,
 * without ever being held whole. Memory stays bounded by the frame bound plus one read buffer.
 *
 * <p>How: a hand-written validating scanner ({@link FrameScanner}) checks the JSON grammar as the
 * bytes arrive, chunk by chunk, and knows the exact offset of every frame and every error; each
 * complete frame is then turned into a {@link JsonNode} from one contiguous array (zero-copy when
 * the frame lies within one read) by {@link FrameParser}, which builds the same trees as Jackson's
 * {@code readTree} at about half the cost. This was preferred to Jackson's non-blocking parser
 * because resynchronisation needs exact error offsets and the oversize rule needs a byte count from
 * the frame's first byte; both are trivial in the scanner. A frame that is well-formed but
 * otherwise invalid (invalid UTF-8 in a string) is dropped alone, as malformed.
 *
 * <p>Not thread-safe: {@link #run()} is called once, on one thread; {@link #stats()} may be called
 * from any thread.
 */
public final class FrameReader {
    /** The frame bound of docs/protocol.md#size-bounds. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(FrameReader.class);
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    /** Consecutive malformed reports logged at warn before the rest go to debug (banner floods). */
    private static final int WARNINGS_IN_A_ROW = 20;

    private final InputStream in;
    private final FrameSink sink;
    private final String peerName;
    private final FrameScanner scanner;

    private volatile long frames;
    private volatile long malformed;
    private volatile long oversized;
    private volatile long bytes;
    private int malformedInARow;

    /** A reader whose log lines name the peer {@code "peer"}. */
    public FrameReader(InputStream in, int maxFrameBytes, FrameSink sink) {
        this(in, maxFrameBytes, sink, "peer");
    }

    /**
     * @param in the peer's output; read until end of stream, never closed by the reader
     * @param maxFrameBytes the largest frame accepted, in bytes
     * @param sink receives the frames, on the thread that calls {@link #run()}
     * @param peerName names the peer in log lines
     */
    public FrameReader(InputStream in, int maxFrameBytes, FrameSink sink, String peerName) {
        this.in = Objects.requireNonNull(in, "in");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.peerName = Objects.requireNonNull(peerName, "peerName");
        this.scanner = new FrameScanner(maxFrameBytes, new Delivery());
    }

    /**
     * Reads until end of stream, delivering frames to the sink, and calling
     * {@link FrameSink#batchEnd()} after each chunk read.
     *
     * @throws UncheckedIOException if a read fails
     */
    public void run() {
        byte[] buffer = new byte[READ_BUFFER_BYTES];
        while (true) {
            int n = read(buffer);
            if (n < 0) {
                scanner.endOfInput();
                return;
            }
            bytes += n;
            try {
                scanner.feed(buffer, 0, n);
            } finally {
                sink.batchEnd();
            }
        }
    }

    /** The counters so far. */
    public FrameStats stats() {
        return new FrameStats(frames, malformed, oversized, bytes);
    }

    private int read(byte[] buffer) {
        try {
            return in.read(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException("reading from " + peerName + " failed: " + e.getMessage(), e);
        }
    }

    private void reportMalformed(String reason, String excerpt) {
        malformed++;
        malformedInARow++;
        if (malformedInARow < WARNINGS_IN_A_ROW) {
            LOG.warn("{}: discarded malformed output ({}): {}", peerName, reason, excerpt);
        } else if (malformedInARow == WARNINGS_IN_A_ROW) {
            LOG.warn(
                    "{}: discarded malformed output ({}): {} (further ones are logged at debug level"
                            + " until a valid frame arrives)",
                    peerName,
                    reason,
                    excerpt);
        } else {
            LOG.debug("{}: discarded malformed output ({}): {}", peerName, reason, excerpt);
        }
        sink.malformed(reason, excerpt);
    }

    /** Turns scanner findings into trees, counters, log lines and sink calls. */
    private final class Delivery implements FrameScanner.Listener {
        @Override
        public void frame(byte[] bytes, int offset, int length) {
            JsonNode tree;
            try {
                tree = FrameParser.parse(bytes, offset, length);
            } catch (IllegalArgumentException | JacksonException rejected) {
                reportMalformed(
                        "rejected by the JSON parser: " + rejected.getMessage(),
                        Excerpt.of(bytes, offset, offset + Math.min(length, 80)));
                return;
            }
            frames++;
            malformedInARow = 0;
            sink.frame(tree);
        }

        @Override
        public void malformed(String reason, String excerpt) {
            reportMalformed(reason, excerpt);
        }

        @Override
        public void oversized(long bytesDiscarded) {
            oversized++;
            LOG.warn("{}: discarded a frame larger than {} bytes (and the rest of its line)", peerName, bytesDiscarded);
            sink.oversized(bytesDiscarded);
        }
    }
}
