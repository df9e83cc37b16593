package dev.animus.plugins.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Reads one output stream of the command as UTF-8 text (bad bytes become U+FFFD) and hands it on
 * as it arrives: in chunks (whatever one read returned, a surrogate pair never split), or in lines
 * (without the line break; a line longer than {@link #MAX_LINE_CHARS} is handed on in pieces).
 */
final class TextPump {

    /** The most characters one read hands on. */
    static final int CHUNK_CHARS = 8192;

    /** The longest line handed on whole. */
    static final int MAX_LINE_CHARS = 8192;

    private TextPump() {}

    /** Hands every chunk of {@code in} to {@code sink} until end of input. */
    static void chunks(InputStream in, Consumer<String> sink) throws IOException {
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            char[] buf = new char[CHUNK_CHARS];
            String carry = "";
            int n;
            while ((n = reader.read(buf)) != -1) {
                String chunk = carry + new String(buf, 0, n);
                carry = "";
                if (Character.isHighSurrogate(chunk.charAt(chunk.length() - 1))) {
                    carry = chunk.substring(chunk.length() - 1);
                    chunk = chunk.substring(0, chunk.length() - 1);
                }
                if (!chunk.isEmpty()) {
                    sink.accept(chunk);
                }
            }
            if (!carry.isEmpty()) {
                sink.accept(carry);
            }
        }
    }

    /** Hands every line of {@code in} to {@code sink} until end of input. */
    static void lines(InputStream in, Consumer<String> sink) throws IOException {
        var line = new StringBuilder();
        chunks(in, chunk -> {
            for (int i = 0; i < chunk.length(); i++) {
                char c = chunk.charAt(i);
                if (c == '\n') {
                    sink.accept(stripCr(line));
                    line.setLength(0);
                } else {
                    line.append(c);
                    if (line.length() >= MAX_LINE_CHARS && !Character.isHighSurrogate(c)) {
                        sink.accept(line.toString());
                        line.setLength(0);
                    }
                }
            }
        });
        if (!line.isEmpty()) {
            sink.accept(stripCr(line));
        }
    }

    private static String stripCr(StringBuilder line) {
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
    }
}
