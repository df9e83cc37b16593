package dev.animus.sdk;

import dev.animus.json.ExactJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the host's frames from the plugin's stdin: newline-delimited JSON
 * (docs/protocol.md#framing).
 *
 * <p>Lenient, as the protocol asks of readers: blank lines are skipped; several values on one line
 * are all delivered; a line that is not JSON is logged with an excerpt and skipped, and reading
 * goes on. A line longer than {@code maxFrameBytes} is discarded through its newline without
 * being buffered whole. A value pretty-printed over several lines is not reassembled: the host
 * writes compact frames, so such lines are logged and skipped.
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
            return;
        }
        line.write(chunk, from, to - from);
    }

    private void endOfLine(Consumer<JsonNode> sink) {
        byte[] bytes = line.toByteArray();
        line.reset();
        discarding = false;
        if (isBlank(bytes)) {
            return;
        }
        var frames = new ArrayList<JsonNode>(1);
        try {
            try (var parser = Frames.MAPPER.createParser(bytes)) {
                ExactJson.values(parser, frames::add); // numbers as the host wrote them
            }
        } catch (JacksonException e) {
            // the values before the bad bytes still count; the rest of the line is dropped
            diagnostics.warn("skipped input that is not JSON: "
                    + Diagnostics.excerpt(new String(bytes, StandardCharsets.UTF_8)));
        }
        frames.forEach(sink);
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
