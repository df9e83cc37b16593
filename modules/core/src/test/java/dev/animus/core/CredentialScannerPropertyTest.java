package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded properties of the credential scanner: on generated text it masks exactly what the
 * regular expressions it replaced masked, and its work grows linearly with the text, also on the
 * inputs that made those expressions backtrack. A failure names its seed, which reproduces it.
 */
class CredentialScannerPropertyTest {
    /** The expressions the scanner replaced, applied as they were: in this order, each on the output of the last. */
    private static final List<Pattern> KEY_VALUE = List.of(
            Pattern.compile("(?i)([\"']?[A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|"
                    + "access[_-]?key|private[_-]?key|credential|auth)[A-Za-z0-9_.-]*[\"']?\\s*[:=]\\s*)"
                    + "((?i:bearer|basic|token)\\s+)?(\"[^\"]*\"|'[^']*'|[^\\s,;&]+)"),
            Pattern.compile("(?i)(\\b(?:bearer|basic)\\s+)([A-Za-z0-9._~+/=-]{6,})"));

    private static final List<Pattern> BARE_TOKENS = List.of(
            Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{20,}\\b"),
            Pattern.compile("\\bgithub_pat_[A-Za-z0-9_]{20,}\\b"),
            Pattern.compile("\\bsk-[A-Za-z0-9_-]{16,}\\b"),
            Pattern.compile("\\bxox[abpr]-[A-Za-z0-9-]{10,}\\b"),
            Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"),
            Pattern.compile("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\b"));

    /** Pieces the generator strings together: keys, separators, quotes, prefixes, marks, case variants. */
    private static final List<String> PIECES = List.of(
            "token",
            "TOKEN",
            "Secret",
            "passwd",
            "PassWord",
            "pwd",
            "api_key",
            "api-key",
            "apikey",
            "ACCESS_KEY",
            "private-key",
            "credential",
            "auth",
            "Authorization",
            "bearer",
            "Bearer",
            "BASIC",
            "basic",
            "tok",
            "x",
            "a",
            "Z",
            "9",
            "0",
            "_",
            ".",
            "-",
            "~",
            "+",
            "/",
            "=",
            ":",
            " ",
            "  ",
            "\t",
            "\n",
            "\r",
            "\u000b",
            "\f",
            ",",
            ";",
            "&",
            "\"",
            "'",
            "*",
            "é",
            "\u0301",
            "\u20d2",
            "K",
            "ſ",
            "\uD83D\uDE00",
            "ghp_",
            "gho_",
            "ghx_",
            "github_pat_",
            "sk-",
            "xoxb-",
            "xoxz-",
            "AKIA",
            "AKIAIOSFODNN7EXAMPLE",
            "IOSFODNN7EXAMPL",
            "eyJ",
            "eyJhbGciOiJIUzI1NiJ9",
            ".c2lnbmF0dXJl",
            ".",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx.c2lnbmF0dXJl",
            "ABCDEFGHIJ",
            "abcdefgh",
            "0123456789",
            "--",
            "__",
            "QUICKBROWNFOX12345");

    static LongStream seeds() {
        return LongStream.range(0, 1000);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void masksExactlyWhatTheRegularExpressionsMasked(long seed) {
        var random = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder();
        int pieces = 1 + random.nextInt(40);
        for (int i = 0; i < pieces; i++) {
            String piece = PIECES.get(random.nextInt(PIECES.size()));
            // runs long enough for the token shapes' minimum lengths
            b.append(random.nextInt(8) == 0 ? piece.repeat(1 + random.nextInt(12)) : piece);
        }
        String text = b.toString();
        assertEquals(byRegex(text), new CredentialScanner().scan(text), "seed " + seed + ": " + escaped(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "token",
                "tokentokx",
                "x=",
                "\"token",
                "bearer ",
                "sk-",
                "sk-a-",
                "eyJaaaaaaaa-",
                "eyJaaaaaaaa.bbbbbbbb.",
                "ghp_aaaa",
                "xoxb-aaa-",
                "AKIAAAAA",
                "a\u0301",
                "token=\"",
                "api_key: '"
            })
    void theWorkGrowsLinearlyWithTheText(String unit) {
        // the old expressions needed about 15 ms for one such line of 511 characters; the scanner's
        // work per character must not grow with the line
        IntFunction<Long> steps = size -> {
            CredentialScanner scanner = new CredentialScanner();
            scanner.scan(unit.repeat(size / unit.length() + 1));
            return scanner.steps();
        };
        long small = steps.apply(1 << 12);
        long large = steps.apply(1 << 20);
        assertTrue(large <= 300L * (1 << 20), unit + ": " + large + " steps for 1 MiB");
        assertTrue(large <= 300L * small, unit + ": " + small + " steps for 4 KiB, " + large + " for 1 MiB");
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("adversarialSeeds")
    void generatedLongLinesStayLinear(long seed) {
        var random = new SplittableRandom(seed);
        StringBuilder unit = new StringBuilder();
        for (int i = 0, n = 1 + random.nextInt(6); i < n; i++) {
            unit.append(PIECES.get(random.nextInt(PIECES.size())));
        }
        String line = unit.toString().repeat((1 << 20) / unit.length() + 1);
        CredentialScanner scanner = new CredentialScanner();
        scanner.scan(line);
        assertTrue(
                scanner.steps() <= 300L * line.length(),
                "seed " + seed + ": " + scanner.steps() + " steps for " + line.length() + " characters of "
                        + escaped(unit.toString()));
    }

    static LongStream adversarialSeeds() {
        return LongStream.range(0, 20);
    }

    private static String byRegex(String text) {
        String out = text;
        for (Pattern p : KEY_VALUE) {
            out = p.matcher(out)
                    .replaceAll(m -> Matcher.quoteReplacement(m.group(1)
                            + (m.groupCount() > 2 && m.group(2) != null ? m.group(2) : "")
                            + Redaction.MASK));
        }
        for (Pattern p : BARE_TOKENS) {
            out = p.matcher(out).replaceAll(Redaction.MASK);
        }
        return out;
    }

    private static String escaped(String text) {
        return OneLine.escape(text);
    }
}
