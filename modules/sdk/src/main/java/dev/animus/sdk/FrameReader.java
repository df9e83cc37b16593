package dev.animus.sdk;

import dev.animus.json.ExactJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the host's frames from the plugin's stdin: newline-delimited JSON
 * (docs/protocol.md#framing).
 *
 * <p>Lenient, as the protocol asks of readers: blank lines are skipped; several values on one line
 * are all delivered; a value pretty-printed over several lines is reassembled (a line that ends
 * inside a value waits for the next); a line that is not JSON is logged with an excerpt and
 * skipped, and reading goes on. A frame longer than {@code maxFrameBytes}, on one line or over
 * several, is discarded through its newline without being buffered whole.
 *
 * <p>Not thread-safe: one reader thread owns it.
 */
final class FrameReader {

    /** The protocol's frame bound: larger frames are rejected (docs/protocol.md#size-bounds). */
    static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

    private final InputStream in;
    private final Diagnostics diagnostics;
    private final int maxFrameBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean discarding;
    /** How many bytes of {@link #line} were carried from earlier lines (a value not yet complete). */
    private int pending;

    FrameReader(InputStream in, Diagnostics diagnostics, int maxFrameBytes) {
        this.in = in;
        this.diagnostics = diagnostics;
        this.maxFrameBytes = maxFrameBytes;
    }

    /**
     * Delivers every frame to {@code sink}, in order, until end of input.
     *
     * @throws IOException if reading stdin fails
     */
    void readAll(Consumer<JsonNode> sink) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        int n;
        while ((n = in.read(chunk)) != -1) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (chunk[i] == '\n') {
                    append(chunk, start, i);
                    endOfLine(sink);
                    start = i + 1;
                }
            }
            append(chunk, start, n);
        }
        endOfLine(sink);
    }

    private void append(byte[] chunk, int from, int to) {
        if (discarding || from == to) {
            return;
        }
        if (line.size() + (to - from) > maxFrameBytes) {
            diagnostics.warn("discarded a frame larger than " + maxFrameBytes + " bytes");
            discarding = true;
            line.reset();
            pending = 0;
            return;
        }
        line.write(chunk, from, to - from);
    }

    private void endOfLine(Consumer<JsonNode> sink) {
        byte[] bytes = line.toByteArray();
        int carried = pending;
        line.reset();
        pending = 0;
        discarding = false;
        if (isBlank(bytes)) {
            return;
        }
        if (!parse(bytes, 0, sink) && carried > 0) {
            // the start carried from earlier lines was a frame cut off, not a pretty one: this line
            // is read on its own, so a cut frame never takes the next frame with it
            parse(bytes, carried, sink);
        }
    }

    /**
     * Delivers the values of {@code bytes} from {@code offset}; a value the bytes end inside is kept
     * for the next line. False when the bytes are not JSON (logged; the values before still count).
     */
    private boolean parse(byte[] bytes, int offset, Consumer<JsonNode> sink) {
        var frames = new ArrayList<JsonNode>(1);
        long[] end = {offset};
        boolean ok = true;
        try (var parser = Frames.MAPPER.createParser(bytes, offset, bytes.length - offset)) {
            try {
                ExactJson.values(
                        parser,
                        v -> { // numbers as the host wrote them
                            frames.add(v);
                            end[0] = offset + parser.currentLocation().getByteOffset();
                        });
            } catch (StreamReadException e) {
                if (!endsInsideAValue(parser, e, bytes.length - offset)) {
                    throw e;
                }
                // a pretty-printed frame goes on in the next line: keep its start
                int from = (int) end[0];
                line.write(bytes, from, bytes.length - from);
                line.write('\n');
                pending = line.size();
            }
        } catch (JacksonException e) {
            diagnostics.warn("skipped input that is not JSON: "
                    + Diagnostics.excerpt(new String(bytes, offset, bytes.length - offset, StandardCharsets.UTF_8)));
            ok = false;
        }
        frames.forEach(sink);
        return ok;
    }

    /**
     * Whether the parse failed only because the input ended inside an object or array: at its last
     * byte, and not at the top level (where a bare word such as a banner's is plain garbage).
     */
    private static boolean endsInsideAValue(JsonParser parser, StreamReadException e, int length) {
        return !parser.streamReadContext().inRoot()
                && e.getLocation() != null
                && e.getLocation().getByteOffset() >= length;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
