package dev.animus.shell.render;

import dev.animus.core.OneLine;
import java.util.Locale;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;

/**
 * The JSON the shell prints, safe to view on a terminal: besides what JSON itself escapes (the C0
 * controls), every character {@link OneLine#isUnsafe} is written as a {@code \u005CuXXXX} escape:
 * DEL, the C1 controls (the one-byte CSI U+009B among them), the Unicode format characters (bidi
 * overrides and isolates, zero-width characters) and U+2028/U+2029. The document means the same to
 * any JSON reader; only a raw character that a terminal would act on is gone. Letters, emoji and
 * the rest of Unicode stay as they are (escaping all non-ASCII would make every non-English
 * description unreadable for no gain).
 *
 * <p>Jackson hands over one UTF-16 unit at a time, so a format character beyond U+FFFF (the tag
 * characters U+E0000–U+E007F) is written raw; those are invisible, not controls.
 *
 * <p>Immutable and thread-safe.
 */
final class TerminalSafeEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;

    static final TerminalSafeEscapes INSTANCE = new TerminalSafeEscapes();

    private final int[] ascii;

    private TerminalSafeEscapes() {
        ascii = CharacterEscapes.standardAsciiEscapesForJSON();
        ascii[0x7f] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii.clone();
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        if (Character.isSurrogate((char) ch) || !OneLine.isUnsafe(ch)) {
            return null;
        }
        return new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch));
    }
}
