package dev.animus.rpc;

import java.nio.charset.StandardCharsets;

/**
 * Cuts a byte stream, fed in chunks of any size, into JSON frames, validating the full JSON
 * grammar byte by byte (RFC 8259: strings and escapes, the number grammar, literals, nesting)
 * without building anything. It reports the exact bytes of each frame, so the tree is then built by
 * Jackson's fast blocking parser from one contiguous array, and it knows the exact offset of every
 * error, which makes resynchronisation exact. It never buffers more than one frame, and never more
 * than the frame bound.
 *
 * <p>Rules, which define what the reader accepts (docs/protocol.md#framing):
 * <ul>
 *   <li>Between frames, whitespace (space, tab, CR, LF) is skipped. A frame starts with <code>{</code>
 *       or {@code [} and ends with its matching bracket; several may share a line, one may span
 *       many lines.
 *   <li>Any other byte between frames (a banner, a root scalar such as {@code 42} or
 *       {@code "x"}) is reported malformed and discarded through the next LF.
 *   <li>A grammar error inside a frame reports it malformed and discards through the next LF, the
 *       offending byte included: an error <em>at</em> an LF (a raw line break inside a string)
 *       resumes right after that LF. Exception: when the offending byte is the first non-blank
 *       byte of a line the frame did not start on (the frame was cut off at the end of an earlier
 *       line), scanning resumes at that byte, so a truncated line does not swallow the next one.
 *   <li>A frame whose byte count would exceed the bound is dropped at its first byte past the
 *       bound (whatever the chunking), reported oversized, and discarded through the next LF.
 *   <li>A frame still open at the end of the stream is reported malformed.
 * </ul>
 * Not thread-safe: one reader thread feeds it.
 */
final class FrameScanner {

    /** Receives the scanner's findings, synchronously, in stream order. */
    interface Listener {
        /** A syntactically valid frame; the array is only valid during the call. */
        void frame(byte[] bytes, int offset, int length);

        void malformed(String reason, String excerpt);

        void oversized(long bytesDiscarded);
    }

    /** Jackson's default nesting limit ({@code StreamReadConstraints.DEFAULT_MAX_DEPTH}). */
    static final int MAX_DEPTH = 500;

    private static final int ROOT = 0;
    private static final int DISCARD = 1;
    private static final int OBJ_FIRST = 2;
    private static final int OBJ_KEY = 3;
    private static final int COLON = 4;
    private static final int VALUE = 5;
    private static final int ARR_FIRST = 6;
    private static final int AFTER = 7;
    private static final int STRING = 8;
    private static final int ESCAPE = 9;
    private static final int UNICODE = 10;
    private static final int NUM_MINUS = 11;
    private static final int NUM_ZERO = 12;
    private static final int NUM_INT = 13;
    private static final int FRAC_START = 14;
    private static final int FRAC = 15;
    private static final int EXP_START = 16;
    private static final int EXP_SIGN = 17;
    private static final int EXP = 18;
    private static final int LITERAL = 19;

    private static final byte OBJ = 0;
    private static final byte ARR = 1;
    private static final byte[][] LITERALS = {
        "true".getBytes(StandardCharsets.US_ASCII),
        "false".getBytes(StandardCharsets.US_ASCII),
        "null".getBytes(StandardCharsets.US_ASCII)
    };

    private final int maxFrameBytes;
    private final Listener listener;
    private final byte[] stack = new byte[MAX_DEPTH];

    private int state = ROOT;
    private int depth;
    private boolean keyString;
    private boolean lineBreak;
    private int hexLeft;
    private byte[] literal;
    private int literalIndex;

    private final PartialFrame partial;

    private byte[] chunk;
    private int chunkOffset;
    private int chunkEnd;
    private int frameStart;
    private long streamOffset;

    FrameScanner(int maxFrameBytes, Listener listener) {
        if (maxFrameBytes <= 0) {
            throw new IllegalArgumentException("maxFrameBytes must be positive: " + maxFrameBytes);
        }
        this.maxFrameBytes = maxFrameBytes;
        this.listener = listener;
        this.partial = new PartialFrame(maxFrameBytes);
    }

    /** Scans the next chunk of the stream. */
    void feed(byte[] bytes, int offset, int length) {
        chunk = bytes;
        chunkOffset = offset;
        chunkEnd = offset + length;
        if (depth > 0) {
            frameStart = offset;
        }
        int i = offset;
        while (i < chunkEnd) {
            i = switch (state) {
                case ROOT -> root(bytes, i);
                case DISCARD -> discard(bytes, i);
                default -> bounded(bytes, i);
            };
        }
        if (depth > 0) {
            stash(bytes, frameStart, chunkEnd);
        }
        streamOffset += length;
        chunk = null;
    }

    /** The stream ended: a frame still open is reported malformed. */
    void endOfInput() {
        if (depth > 0) {
            listener.malformed(
                    "frame cut off by the end of the stream at byte " + streamOffset,
                    Excerpt.of(partial.bytes(), 0, Math.min(partial.length(), 80)));
            reset(ROOT);
        }
    }

    /** The capacity of the buffer holding a frame that spans reads, for tests of the memory bound. */
    int bufferCapacity() {
        return partial.capacity();
    }

    private int root(byte[] b, int i) {
        for (; i < chunkEnd; i++) {
            byte c = b[i];
            if (c == '{' || c == '[') {
                frameStart = i;
                stack[0] = c == '{' ? OBJ : ARR;
                depth = 1;
                lineBreak = false;
                state = c == '{' ? OBJ_FIRST : ARR_FIRST;
                return i + 1;
            }
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                listener.malformed(
                        "not a JSON object or array at byte " + offsetOf(i),
                        Excerpt.of(b, i, Excerpt.lineEnd(b, i, Math.min(i + 80, chunkEnd))));
                state = DISCARD;
                return i;
            }
        }
        return i;
    }

    private int discard(byte[] b, int i) {
        for (; i < chunkEnd; i++) {
            if (b[i] == '\n') {
                state = ROOT;
                return i + 1;
            }
        }
        return i;
    }

    /** Scans inside a frame, never past the byte that would make it exceed the bound. */
    private int bounded(byte[] b, int i) {
        long limit = (long) frameStart + maxFrameBytes - partial.length();
        int stop = (int) Math.min(chunkEnd, limit);
        i = scan(b, i, stop);
        if (depth > 0 && i == stop && stop < chunkEnd) {
            listener.oversized(maxFrameBytes);
            reset(DISCARD);
        }
        return i;
    }

    private int scan(byte[] b, int i, int stop) {
        while (i < stop && depth > 0) {
            i = switch (state) {
                case STRING -> string(b, i, stop);
                case ESCAPE, UNICODE -> escape(b[i], i);
                case NUM_MINUS, NUM_ZERO, NUM_INT, FRAC_START, FRAC, EXP_START, EXP_SIGN, EXP -> number(b, i, stop);
                case LITERAL -> literal(b[i], i);
                default -> structural(b, i, stop);
            };
        }
        return i;
    }

    private int structural(byte[] b, int i, int stop) {
        byte c = b[i];
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            if (c == '\n') {
                lineBreak = true;
            }
            if (++i == stop) {
                return i;
            }
            c = b[i];
        }
        return switch (state) {
            case AFTER -> afterValue(c, i);
            case COLON -> c == ':' ? accept(VALUE, i) : error(i, "expected ':'");
            case OBJ_FIRST ->
                c == '"' ? startString(true, i) : c == '}' ? close(i) : error(i, "expected a property name or '}'");
            case OBJ_KEY -> c == '"' ? startString(true, i) : error(i, "expected a property name");
            case ARR_FIRST -> c == ']' ? close(i) : value(c, i);
            default -> value(c, i);
        };
    }

    private int value(byte c, int i) {
        return switch (c) {
            case '{' -> open(OBJ, OBJ_FIRST, i);
            case '[' -> open(ARR, ARR_FIRST, i);
            case '"' -> startString(false, i);
            case '-' -> accept(NUM_MINUS, i);
            case '0' -> accept(NUM_ZERO, i);
            case '1', '2', '3', '4', '5', '6', '7', '8', '9' -> accept(NUM_INT, i);
            case 't' -> startLiteral(0, i);
            case 'f' -> startLiteral(1, i);
            case 'n' -> startLiteral(2, i);
            default -> error(i, "expected a value");
        };
    }

    private int afterValue(byte c, int i) {
        boolean inObject = stack[depth - 1] == OBJ;
        return switch (c) {
            case ',' -> accept(inObject ? OBJ_KEY : VALUE, i);
            case '}' -> inObject ? close(i) : error(i, "expected ',' or ']'");
            case ']' -> inObject ? error(i, "expected ',' or '}'") : close(i);
            default -> error(i, inObject ? "expected ',' or '}'" : "expected ',' or ']'");
        };
    }

    private int string(byte[] b, int i, int stop) {
        for (; i < stop; i++) {
            int c = b[i] & 0xFF;
            if (c == '"') {
                state = keyString ? COLON : AFTER;
                return i + 1;
            }
            if (c == '\\') {
                state = ESCAPE;
                return i + 1;
            }
            if (c < 0x20) {
                return error(i, "raw control character in a string");
            }
        }
        return i;
    }

    private int escape(byte c, int i) {
        if (state == UNICODE) {
            if (!isHex(c)) {
                return error(i, "expected a hex digit in \\u escape");
            }
            if (--hexLeft == 0) {
                state = STRING;
            }
            return i + 1;
        }
        switch (c) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> state = STRING;
            case 'u' -> {
                hexLeft = 4;
                state = UNICODE;
            }
            default -> {
                return error(i, "invalid escape in a string");
            }
        }
        return i + 1;
    }

    private int number(byte[] b, int i, int stop) {
        byte c = b[i];
        boolean digit = c >= '0' && c <= '9';
        return switch (state) {
            case NUM_MINUS ->
                c == '0' ? accept(NUM_ZERO, i) : digit ? accept(NUM_INT, i) : error(i, "expected a digit after '-'");
            case NUM_ZERO -> digit ? error(i, "leading zero in a number") : fractionOrEnd(c, i);
            case NUM_INT, FRAC, EXP -> digit ? digits(b, i, stop) : fractionOrEnd(c, i);
            case FRAC_START -> digit ? accept(FRAC, i) : error(i, "expected a digit after '.'");
            case EXP_START ->
                c == '+' || c == '-'
                        ? accept(EXP_SIGN, i)
                        : digit ? accept(EXP, i) : error(i, "expected a digit in the exponent");
            default -> digit ? accept(EXP, i) : error(i, "expected a digit in the exponent");
        };
    }

    private int digits(byte[] b, int i, int stop) {
        while (i < stop && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    /** After the digits of a number: a fraction, an exponent, or the end of the number. */
    private int fractionOrEnd(byte c, int i) {
        if (c == '.' && (state == NUM_ZERO || state == NUM_INT)) {
            return accept(FRAC_START, i);
        }
        if ((c == 'e' || c == 'E') && state != EXP) {
            return accept(EXP_START, i);
        }
        state = AFTER;
        return i;
    }

    private int startLiteral(int which, int i) {
        literal = LITERALS[which];
        literalIndex = 1;
        return accept(LITERAL, i);
    }

    private int literal(byte c, int i) {
        if (c != literal[literalIndex]) {
            return error(i, "invalid literal (true, false or null expected)");
        }
        if (++literalIndex == literal.length) {
            state = AFTER;
        }
        return i + 1;
    }

    private int startString(boolean key, int i) {
        keyString = key;
        return accept(STRING, i);
    }

    private int open(byte kind, int next, int i) {
        if (depth == MAX_DEPTH) {
            return error(i, "nesting deeper than " + MAX_DEPTH);
        }
        stack[depth++] = kind;
        return accept(next, i);
    }

    private int close(int i) {
        if (--depth > 0) {
            return accept(AFTER, i);
        }
        int end = i + 1;
        if (partial.length() == 0) {
            listener.frame(chunk, frameStart, end - frameStart);
        } else {
            stash(chunk, frameStart, end);
            listener.frame(partial.bytes(), 0, partial.length());
        }
        reset(ROOT);
        return end;
    }

    private int accept(int next, int i) {
        lineBreak = false;
        state = next;
        return i + 1;
    }

    private int error(int i, String reason) {
        int from = Math.max(depth > 0 ? frameStart : chunkOffset, i - 48);
        from = Math.max(from, Excerpt.lineStart(chunk, from, i));
        listener.malformed(
                reason + " at byte " + offsetOf(i),
                Excerpt.of(chunk, from, Excerpt.lineEnd(chunk, i, Math.min(i + 32, chunkEnd))));
        reset(lineBreak ? ROOT : DISCARD);
        return i;
    }

    private void reset(int next) {
        state = next;
        depth = 0;
        lineBreak = false;
        partial.clear();
    }

    private void stash(byte[] b, int from, int to) {
        partial.append(b, from, to);
    }

    private long offsetOf(int i) {
        return streamOffset + (i - chunkOffset);
    }

    private static boolean isHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
