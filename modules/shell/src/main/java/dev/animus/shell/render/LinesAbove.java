package dev.animus.shell.render;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A byte stream cut into lines, each handed whole to a sink: the interactive shell points
 * {@code System.err} (where log lines go) at the line editor's "print above the prompt", so a
 * warning from a background thread never breaks the line being typed. A last line without its
 * newline waits for the rest of its line, or for {@link #close()}.
 *
 * <p>Thread-safe. The sink is called outside this stream's lock: it takes the line editor's lock,
 * and a thread holding that one may itself write here.
 */
public final class LinesAbove extends OutputStream {
    private final Consumer<String> sink;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public LinesAbove(Consumer<String> sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        List<String> complete = new ArrayList<>(1);
        synchronized (this) {
            int start = offset;
            for (int i = offset; i < offset + length; i++) {
                if (bytes[i] == '\n') {
                    line.write(bytes, start, i - start);
                    complete.add(take());
                    start = i + 1;
                }
            }
            line.write(bytes, start, offset + length - start);
        }
        complete.forEach(sink);
    }

    @Override
    public void close() {
        String last;
        synchronized (this) {
            last = line.size() > 0 ? take() : null;
        }
        if (last != null) {
            sink.accept(last);
        }
    }

    private String take() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }
}
