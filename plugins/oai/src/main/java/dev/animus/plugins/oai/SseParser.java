package dev.animus.plugins.oai;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An incremental parser of {@code text/event-stream} (the server-sent events format of the WHATWG
 * HTML standard) over bytes as they arrive, in chunks of any size: lines end with CRLF, LF or CR
 * (a CRLF split across two chunks is one line end); {@code :} starts a comment; {@code data:}
 * lines accumulate (joined with {@code \n}) until a blank line dispatches the event; one space
 * after the colon is dropped; {@code event:} names the event; {@code id:} and {@code retry:} are
 * accepted and unused. A leading UTF-8 byte order mark is skipped.
 *
 * <p>Never throws on its input: an unknown field, a line that is not UTF-8 (decoded with U+FFFD)
 * or a line over the bound (dropped whole) is reported as an {@link SseItem.Problem} and parsing
 * goes on. Unlike the standard, an event still open at {@link #finish()} (the stream ended before
 * its blank line) is dispatched, since some servers end with {@code data: [DONE]} and no blank
 * line.
 *
 * <p>Not thread-safe: one reader feeds it.
 */
final class SseParser {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final int maxLine;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private String type = "";
    private boolean afterCr;
    private boolean overlong;
    private int bomSeen; // bytes of the BOM matched at the very start; -1 once past it

    /** @param maxLine the longest line kept, in bytes; a longer one is dropped and reported */
    SseParser(int maxLine) {
        if (maxLine < 1) {
            throw new IllegalArgumentException("maxLine must be positive: " + maxLine);
        }
        this.maxLine = maxLine;
    }

    /** Parses {@code length} bytes of {@code bytes} from {@code offset}; returns what they completed. */
    List<SseItem> feed(byte[] bytes, int offset, int length) {
        List<SseItem> out = new ArrayList<>();
        for (int i = offset; i < offset + length; i++) {
            byte b = bytes[i];
            if (bomSeen >= 0 && skipBom(b)) {
                continue;
            }
            if (b == '\n' && afterCr) {
                afterCr = false; // the LF of a CRLF
                continue;
            }
            afterCr = b == '\r';
            if (b == '\r' || b == '\n') {
                endLine(out);
            } else if (line.size() < maxLine) {
                line.write(b);
            } else {
                overlong = true;
            }
        }
        return out;
    }

    /** The end of the stream: the last line and the last event, if they were left open. */
    List<SseItem> finish() {
        List<SseItem> out = new ArrayList<>();
        if (line.size() > 0 || overlong) {
            endLine(out);
        }
        dispatch(out);
        return out;
    }

    private boolean skipBom(byte b) {
        if (b == BOM[bomSeen]) {
            bomSeen++;
            if (bomSeen == BOM.length) {
                bomSeen = -1;
            }
            return true;
        }
        // not a BOM after all: the bytes matched so far were data
        for (int k = 0; k < bomSeen; k++) {
            line.write(BOM[k]);
        }
        bomSeen = -1;
        return false;
    }

    private void endLine(List<SseItem> out) {
        if (bomSeen > 0) {
            line.write(BOM, 0, bomSeen);
        }
        bomSeen = -1;
        if (overlong) {
            out.add(new SseItem.Problem("a line longer than " + maxLine + " bytes was dropped"));
            overlong = false;
            line.reset();
            return;
        }
        byte[] bytes = line.toByteArray();
        line.reset();
        if (bytes.length == 0) {
            dispatch(out);
            return;
        }
        String text = decode(bytes, out);
        if (text.startsWith(":")) {
            return; // a comment
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "data" -> {
                if (hasData) {
                    data.append('\n');
                }
                data.append(value);
                hasData = true;
            }
            case "event" -> type = value;
            case "id", "retry" -> {
                // valid fields this client has no use for (it never reconnects)
            }
            default -> out.add(new SseItem.Problem("unknown field '" + clip(field) + "' ignored"));
        }
    }

    private void dispatch(List<SseItem> out) {
        if (hasData) {
            out.add(new SseItem.Event(type.isEmpty() ? "message" : type, data.toString()));
        }
        data.setLength(0);
        hasData = false;
        type = "";
    }

    private static String decode(byte[] bytes, List<SseItem> out) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            out.add(new SseItem.Problem("a line that is not UTF-8 was read with replacement characters"));
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static String clip(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }
}
