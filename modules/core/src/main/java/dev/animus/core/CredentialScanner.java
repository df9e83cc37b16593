package dev.animus.core;

/**
 * Masks credential-looking values in one left-to-right pass per shape, in time linear in the
 * text: no regular expression, no backtracking. Each pass finds exactly what the pattern named in
 * its javadoc finds with {@code java.util.regex} (leftmost match, greedy quantifiers, {@code \b}
 * with the JDK's ASCII word characters and its rule for non-spacing marks), and the passes run in
 * the same order the patterns used to, each on the output of the one before.
 *
 * <p>Not thread-safe: one instance per call (it counts the characters it reads, so a test can
 * bound the work).
 */
final class CredentialScanner {
    private static final String MASK = Redaction.MASK;
    private static final String[] KEY_WORDS = {
        "token",
        "secret",
        "password",
        "passwd",
        "pwd",
        "apikey",
        "api_key",
        "api-key",
        "accesskey",
        "access_key",
        "access-key",
        "privatekey",
        "private_key",
        "private-key",
        "credential",
        "auth"
    };

    private String s;
    private int n;
    private long steps;

    /** {@code text} with every pass applied. */
    String scan(String text) {
        String out = keyValue(text);
        out = authorization(out);
        out = prefixed(out, "gh", Shape.GITHUB);
        out = prefixed(out, "github_pat_", Shape.GITHUB_PAT);
        out = prefixed(out, "sk-", Shape.API_KEY);
        out = prefixed(out, "xox", Shape.SLACK);
        out = prefixed(out, "AKIA", Shape.AWS);
        return prefixed(out, "eyJ", Shape.JWT);
    }

    /** Characters read so far, by all passes. */
    long steps() {
        return steps;
    }

    private void reset(String text) {
        s = text;
        n = text.length();
    }

    private char at(int i) {
        steps++;
        return s.charAt(i);
    }

    /**
     * {@code (?i)(["']?[A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|
     * private[_-]?key|credential|auth)[A-Za-z0-9_.-]*["']?\s*[:=]\s*)((?i:bearer|basic|token)\s+)?
     * ("[^"]*"|'[^']*'|[^\s,;&]+)} with the value (group 3) masked. A key is a whole run of
     * {@code [A-Za-z0-9_.-]} (the quantifiers reach its end, and what follows it is no such
     * character), so a run either holds a key word and is followed by a separator and a value, or
     * no start inside it matches.
     */
    private String keyValue(String text) {
        reset(text);
        StringBuilder out = null;
        int copied = 0;
        int nextDouble = -2;
        int nextSingle = -2;
        int i = 0;
        while (i < n) {
            if (!isKeyChar(at(i))) {
                i++;
                continue;
            }
            int end = i + 1;
            while (end < n && isKeyChar(at(end))) {
                end++;
            }
            int value = hasKeyWord(i, end) ? valueStart(end) : -1;
            if (value < 0) {
                i = end;
                continue;
            }
            char c = at(value);
            int valueEnd = -1;
            if (c == '"') {
                if (nextDouble != -1 && nextDouble <= value) {
                    nextDouble = indexOf('"', value + 1);
                }
                valueEnd = nextDouble < 0 ? -1 : nextDouble + 1;
            } else if (c == '\'') {
                if (nextSingle != -1 && nextSingle <= value) {
                    nextSingle = indexOf('\'', value + 1);
                }
                valueEnd = nextSingle < 0 ? -1 : nextSingle + 1;
            }
            if (valueEnd < 0) {
                valueEnd = value + 1;
                while (valueEnd < n && isBareValueChar(at(valueEnd))) {
                    valueEnd++;
                }
            }
            out = (out == null ? new StringBuilder(n) : out)
                    .append(s, copied, value)
                    .append(MASK);
            copied = valueEnd;
            i = valueEnd;
        }
        return finish(out, copied);
    }

    /** Where the value after the key ending at {@code keyEnd} starts, or -1 when no value follows. */
    private int valueStart(int keyEnd) {
        int j = keyEnd;
        if (j < n && (at(j) == '"' || at(j) == '\'')) {
            j++;
        }
        j = skipSpace(j);
        if (j >= n || (at(j) != ':' && at(j) != '=')) {
            return -1;
        }
        j = skipSpace(j + 1);
        if (j >= n || !isBareValueChar(at(j))) {
            return -1;
        }
        // the optional scheme word: taken when a value follows it, else the word is the value
        int word = matchesIgnoreCase(j, "bearer")
                ? 6
                : matchesIgnoreCase(j, "basic") || matchesIgnoreCase(j, "token") ? 5 : 0;
        if (word > 0) {
            int k = skipSpace(j + word);
            if (k > j + word && k < n && isBareValueChar(at(k))) {
                return k;
            }
        }
        return j;
    }

    /**
     * {@code (?i)(\b(?:bearer|basic)\s+)([A-Za-z0-9._~+/=-]{6,})} with the credential (group 2)
     * masked.
     */
    private String authorization(String text) {
        reset(text);
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        while (i < n) {
            char c = at(i);
            int word = c != 'b' && c != 'B'
                    ? 0
                    : matchesIgnoreCase(i, "bearer") ? 6 : matchesIgnoreCase(i, "basic") ? 5 : 0;
            if (word == 0 || !boundary(i)) {
                i++;
                continue;
            }
            int value = skipSpace(i + word);
            int end = value;
            while (end < n && isAuthValueChar(at(end))) {
                end++;
            }
            if (value == i + word || end - value < 6) {
                i++;
                continue;
            }
            out = (out == null ? new StringBuilder(n) : out)
                    .append(s, copied, value)
                    .append(MASK);
            copied = end;
            i = end;
        }
        return finish(out, copied);
    }

    /** The token shapes: a literal prefix, a run of one character class, a word boundary. */
    private enum Shape {
        /** {@code \bgh[pousr]_[A-Za-z0-9]{20,}\b}. */
        GITHUB,
        /** {@code \bgithub_pat_[A-Za-z0-9_]{20,}\b}. */
        GITHUB_PAT,
        /** {@code \bsk-[A-Za-z0-9_-]{16,}\b}. */
        API_KEY,
        /** {@code \bxox[abpr]-[A-Za-z0-9-]{10,}\b}. */
        SLACK,
        /** {@code \bAKIA[0-9A-Z]{16}\b}. */
        AWS,
        /** {@code \beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b}. */
        JWT
    }

    /**
     * The pass for one token shape: the whole token becomes {@link Redaction#MASK}. When a start
     * fails, every later start inside the same run of the shape's characters fails too (it has the
     * same run end and a shorter run), so the scan resumes at that run's end.
     */
    private String prefixed(String text, String prefix, Shape shape) {
        reset(text);
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        while (i < n) {
            if (at(i) != prefix.charAt(0) || !s.startsWith(prefix, i) || !boundary(i)) {
                i++;
                continue;
            }
            steps += prefix.length();
            long found = token(i, i + prefix.length(), shape);
            int end = (int) (found >> 32);
            int resume = (int) found;
            if (end < 0) {
                i = Math.max(i + 1, resume);
                continue;
            }
            out = (out == null ? new StringBuilder(n) : out)
                    .append(s, copied, i)
                    .append(MASK);
            copied = end;
            i = end;
        }
        return finish(out, copied);
    }

    /**
     * Where the token whose prefix ends at {@code from} ends (high half; -1 for none) and where the
     * scan may resume when there is none (low half).
     */
    private long token(int start, int from, Shape shape) {
        int end = -1;
        int resume = start + 1;
        switch (shape) {
            case GITHUB -> {
                if (from + 1 < n && "pousr".indexOf(at(from)) >= 0 && at(from + 1) == '_') {
                    int run = run(from + 2, Shape.GITHUB);
                    end = lastBoundary(from + 2 + 20, run);
                    resume = run;
                }
            }
            case GITHUB_PAT, API_KEY -> {
                int run = run(from, shape);
                end = lastBoundary(from + (shape == Shape.API_KEY ? 16 : 20), run);
                resume = run;
            }
            case SLACK -> {
                if (from + 1 < n && "abpr".indexOf(at(from)) >= 0 && at(from + 1) == '-') {
                    int run = run(from + 2, Shape.SLACK);
                    end = lastBoundary(from + 2 + 10, run);
                    resume = run;
                }
            }
            case AWS -> {
                int run = from;
                while (run < n && run < from + 16 && isUpperOrDigit(at(run))) {
                    run++;
                }
                end = run == from + 16 && boundary(run) ? run : -1;
            }
            case JWT -> {
                int first = run(from, Shape.JWT);
                resume = first;
                if (first - from >= 8 && first < n && at(first) == '.') {
                    int second = run(first + 1, Shape.JWT);
                    if (second - first - 1 >= 8 && second < n && at(second) == '.') {
                        end = lastBoundary(second + 1 + 8, run(second + 1, Shape.JWT));
                    }
                }
            }
        }
        return ((long) end << 32) | (resume & 0xffffffffL);
    }

    /** The end of the run of {@code shape}'s token characters that starts at {@code from}. */
    private int run(int from, Shape shape) {
        int i = from;
        while (i < n && isTokenChar(at(i), shape)) {
            i++;
        }
        return i;
    }

    /** The greatest word boundary in {@code [min, max]} (where a greedy run backs off to), or -1. */
    private int lastBoundary(int min, int max) {
        for (int b = max; b >= min; b--) {
            if (boundary(b)) {
                return b;
            }
        }
        return -1;
    }

    private static boolean isTokenChar(char c, Shape shape) {
        boolean alnum = c < 128 && Character.isLetterOrDigit(c);
        return switch (shape) {
            case GITHUB -> alnum;
            case GITHUB_PAT -> alnum || c == '_';
            case API_KEY, JWT -> alnum || c == '_' || c == '-';
            case SLACK -> alnum || c == '-';
            case AWS -> isUpperOrDigit(c);
        };
    }

    /**
     * {@code \b} at {@code i} as {@code java.util.regex} decides it: ASCII word characters, and a
     * non-spacing mark counts as one when a letter or digit precedes its run of marks.
     */
    private boolean boundary(int i) {
        boolean left = false;
        if (i > 0) {
            steps++;
            int ch = Character.codePointBefore(s, i);
            left = isWord(ch) || (Character.getType(ch) == Character.NON_SPACING_MARK && hasBase(i - 1));
        }
        boolean right = false;
        if (i < n) {
            steps++;
            int ch = Character.codePointAt(s, i);
            right = isWord(ch) || (Character.getType(ch) == Character.NON_SPACING_MARK && hasBase(i));
        }
        return left ^ right;
    }

    private boolean hasBase(int i) {
        for (int x = i; x >= 0; x--) {
            steps++;
            int ch = Character.codePointAt(s, x);
            if (Character.isLetterOrDigit(ch)) {
                return true;
            }
            if (Character.getType(ch) != Character.NON_SPACING_MARK) {
                return false;
            }
        }
        return false;
    }

    private boolean hasKeyWord(int from, int to) {
        for (int i = from; i < to; i++) {
            for (String w : KEY_WORDS) {
                if (i + w.length() <= to && matchesIgnoreCase(i, w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code word} (lower-case ASCII) starts at {@code i}, ASCII letters in either case. */
    private boolean matchesIgnoreCase(int i, String word) {
        if (i + word.length() > n) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            char c = at(i + k);
            if (c != word.charAt(k) && !(c >= 'A' && c <= 'Z' && c + ('a' - 'A') == word.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private int skipSpace(int from) {
        int j = from;
        while (j < n && isSpace(at(j))) {
            j++;
        }
        return j;
    }

    private int indexOf(char c, int from) {
        int found = s.indexOf(c, from);
        steps += (found < 0 ? n : found + 1) - Math.min(from, n);
        return found;
    }

    private String finish(StringBuilder out, int copied) {
        return out == null ? s : out.append(s, copied, n).toString();
    }

    private static boolean isWord(int ch) {
        return ch < 128 && (Character.isLetterOrDigit(ch) || ch == '_');
    }

    private static boolean isKeyChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-');
    }

    /** {@code \s}: ASCII whitespace. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** {@code [^\s,;&]}. */
    private static boolean isBareValueChar(char c) {
        return !isSpace(c) && c != ',' && c != ';' && c != '&';
    }

    private static boolean isAuthValueChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || "._~+/=-".indexOf(c) >= 0);
    }

    private static boolean isUpperOrDigit(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
