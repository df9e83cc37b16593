package dev.animus.core;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The size bounds of a {@link LogEntry} and the cuts that keep them: a message or target longer
 * than its bound is cut at a code point and ends with a marker saying how much was cut; fields
 * beyond their bound are left out from the first one that does not fit, and a last field
 * {@value #CUT_FIELD} says how many. Pure and thread-safe.
 */
public final class LogBounds {
    /** A message's bound, in bytes of UTF-8 (8 KiB), marker included. */
    public static final int MESSAGE_MAX_BYTES = 8 * 1024;
    /** The fields' bound, in bytes of UTF-8 of their names and JSON values (32 KiB), marker included. */
    public static final int FIELDS_MAX_BYTES = 32 * 1024;
    /** A target's (and a source name's) bound, in bytes of UTF-8. */
    public static final int NAME_MAX_BYTES = 256;
    /** The field that says how many fields were left out. */
    public static final String CUT_FIELD = "_fields_cut";

    /** Room kept for a cut's marker. */
    private static final int MARKER_ROOM = 40;

    private LogBounds() {}

    /** {@code text} as one escaped line ({@link OneLine}) of at most {@code maxBytes}. */
    public static String line(String text, int maxBytes) {
        String safe = OneLine.of(text);
        int bytes = utf8Length(safe);
        if (bytes <= maxBytes) {
            return safe;
        }
        int keep = maxBytes - MARKER_ROOM;
        int end = prefixWithin(safe, keep);
        int kept = utf8Length(safe.substring(0, end));
        return safe.substring(0, end) + "… [" + (bytes - kept) + " bytes cut]";
    }

    /** {@code fields} (JSON text values) within {@link #FIELDS_MAX_BYTES}, in their order. */
    public static Map<String, String> fields(Map<String, String> fields) {
        Map<String, String> kept = new LinkedHashMap<>();
        int total = 0;
        int cut = 0;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            int size = utf8Length(e.getKey()) + utf8Length(e.getValue()) + 4;
            if (cut == 0 && total + size <= FIELDS_MAX_BYTES - MARKER_ROOM) {
                kept.put(e.getKey(), e.getValue());
                total += size;
            } else {
                cut++;
            }
        }
        if (cut > 0) {
            kept.remove(CUT_FIELD);
            kept.put(CUT_FIELD, Integer.toString(cut));
        }
        return kept;
    }

    /** The bytes {@code fields} take by the measure of {@link #fields}. */
    public static int fieldsSize(Map<String, String> fields) {
        int total = 0;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            total += utf8Length(e.getKey()) + utf8Length(e.getValue()) + 4;
        }
        return total;
    }

    /** The length of {@code s} in UTF-8 (an unpaired surrogate counts as the 3 bytes of U+FFFD). */
    public static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            i += Character.charCount(c);
        }
        return n;
    }

    /** {@code s} as a JSON string literal. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private static int prefixWithin(String s, int maxBytes) {
        int n = 0;
        int i = 0;
        while (i < s.length()) {
            int c = s.codePointAt(i);
            int w = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            if (n + w > maxBytes) {
                break;
            }
            n += w;
            i += Character.charCount(c);
        }
        return i;
    }
}
