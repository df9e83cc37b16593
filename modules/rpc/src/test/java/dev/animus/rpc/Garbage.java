package dev.animus.rpc;

import java.util.SplittableRandom;

/**
 * Lines that are not frames, as a misbehaving plugin prints them. Each is one line (no LF inside)
 * and each must cost exactly one malformed report and nothing else: no frame lost, none invented.
 *
 * <p>What "garbage" means here, honestly: any text line whose first non-blank character is not
 * {@code ,} {@code ]} or {@code }} (such a line could legitimately continue a pretty-printed
 * frame that a previous truncated line left open). Kinds:
 * <ol>
 *   <li>banners: text starting with a letter or punctuation, then anything, braces included;
 *   <li>root scalars ({@code 42}, {@code "x"}, {@code true}), possibly followed by more text, even
 *       by what looks like a frame (the whole line is discarded);
 *   <li>frames broken within the line: a grammar error before or <em>at</em> the line's end
 *       (an unterminated string hits the LF itself);
 *   <li>truncated frames: a frame cut off right after a complete value, so the error shows only
 *       at the first byte of the next line.
 * </ol>
 */
final class Garbage {
    private static final String[] BANNER_STARTS = {
        "S",
        "starting",
        "INFO",
        "#",
        "*",
        "<",
        ">",
        "=",
        "!",
        "plugin ready",
        "Ünïcode",
        "🚀 launched",
        "WARN: {",
        "x",
        "{{oops",
        "\\"
    };
    private static final String[] TAILS = {
        "", " plugin v1.2", " {\"jsonrpc\":\"2.0\"}", " [1,2]", " \"quoted\"", " é 中 😀", " \\n \\", " }", "\t\ttabs"
    };
    private static final String[] BROKEN = {
        "{\"a\":1,}",
        "{\"a\" 1}",
        "[1 2]",
        "{\"a\":tru}",
        "{\"a\":01}",
        "{\"a\":\"\\x\"}",
        "{\"a\":-}",
        "[1.]",
        "{\"a\":1e}",
        "{\"a\":[}",
        "[}",
        "{]",
        "[\"\\u12G4\"]",
        "{\"s\":\"unterminated",
        "[\"raw",
        "{\"a\":nul}",
        "{\"a\":1 \"b\":2}",
        "{,}"
    };

    private final SplittableRandom random;
    private final JsonText json;

    Garbage(SplittableRandom random, JsonText json) {
        this.random = random;
        this.json = json;
    }

    /** One garbage line, without its line terminator. */
    String line() {
        String indent = random.nextInt(4) == 0 ? "  " : "";
        return indent
                + switch (random.nextInt(4)) {
                    case 0 -> json.pick(BANNER_STARTS) + json.pick(TAILS);
                    case 1 -> json.scalar() + (random.nextBoolean() ? "" : json.pick(TAILS));
                    case 2 -> json.pick(BROKEN) + (random.nextBoolean() ? "" : json.pick(TAILS));
                    default -> truncated();
                };
    }

    private String truncated() {
        if (random.nextBoolean()) {
            StringBuilder key = new StringBuilder();
            json.string(key);
            return "{" + key + ":" + json.completeValue();
        }
        return "[" + json.completeValue() + (random.nextBoolean() ? ", " + json.completeValue() : "");
    }
}
