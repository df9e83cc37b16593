package dev.animus.sdk;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;

/**
 * Writes frames to the plugin's stdout: compact one-line JSON plus {@code \n}, flushed, under one
 * lock so frames never interleave (docs/protocol.md#framing). Jackson escapes control characters
 * inside strings, so a compact frame never contains a raw newline.
 *
 * <p>Thread-safe. The first {@link IOException} (the host closed the pipe) marks the writer broken:
 * it runs {@code onBroken} once, and later writes are dropped.
 */
final class FrameWriter implements RawOutput {

    private final ReentrantLock lock = new ReentrantLock();
    private final OutputStream out;
    private final Diagnostics diagnostics;
    private final Runnable onBroken;
    private boolean broken; // guarded by lock

    FrameWriter(OutputStream out, Diagnostics diagnostics, Runnable onBroken) {
        this.out = out;
        this.diagnostics = diagnostics;
        this.onBroken = onBroken;
    }

    @Override
    public void send(JsonNode frame) {
        byte[] json = Frames.MAPPER.writeValueAsBytes(frame);
        byte[] line = new byte[json.length + 1];
        System.arraycopy(json, 0, line, 0, json.length);
        line[json.length] = '\n';
        write(line);
    }

    @Override
    public void writeVerbatim(String text) {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    private void write(byte[] bytes) {
        boolean brokeNow = false;
        lock.lock();
        try {
            if (broken) {
                return;
            }
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            broken = true;
            brokeNow = true;
            diagnostics.warn("stdout is closed, the host has gone (" + e.getMessage() + ")");
        } finally {
            lock.unlock();
        }
        if (brokeNow) {
            onBroken.run();
        }
    }
}
