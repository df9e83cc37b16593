package dev.animus.router;

import java.util.Objects;

/**
 * Which subject kinds a registration claims: one exact kind, a glob over a kind's subkinds, or the
 * one catch-all.
 *
 * <p>The grammar of a kind: one to 64 characters, segments separated by single dots, the first
 * segment starting with a lowercase letter, every other one with a lowercase letter or a digit, and
 * each going on with lowercase letters, digits, {@code _} and {@code -}: {@code task},
 * {@code linear.issue}, {@code jira.v2-bug}. A kind never holds {@code /} (a method is {@code
 * <kind>/<verb>}), {@code :} (an id is {@code <kind>:<rest>}), {@code *} or whitespace.
 *
 * <p>The text of a pattern: a kind ({@link Exact}), a kind followed by {@code .*} ({@link Glob},
 * e.g. {@code task.*}), or {@code *} alone ({@link CatchAll}). Nothing else: {@code task*}, {@code
 * a.*.*}, {@code *.x} and {@code .*} are refused.
 */
public sealed interface KindPattern permits KindPattern.Exact, KindPattern.Glob, KindPattern.CatchAll {
    /** The longest kind, as the manifest's {@code subject_kind:} markers allow. */
    int MAX_KIND = 64;

    /** The text of the catch-all. */
    String CATCH_ALL = "*";

    /** Whether {@code kind} is the text of a kind (see the grammar above). */
    static boolean isKind(String kind) {
        return kind.length() <= MAX_KIND && Grammar.KIND.matcher(kind).matches();
    }

    /**
     * The pattern {@code text} writes.
     *
     * @throws IllegalArgumentException with a one-line message naming the text and what to write
     */
    static KindPattern parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.equals(CATCH_ALL)) {
            return new CatchAll();
        }
        if (text.endsWith(".*")) {
            String prefix = text.substring(0, text.length() - 2);
            if (isKind(prefix)) {
                return new Glob(prefix);
            }
        } else if (isKind(text)) {
            return new Exact(text);
        }
        throw new IllegalArgumentException(Grammar.problem(text));
    }

    /**
     * Whether this pattern claims {@code kind}; never for a text that is not a kind. A glob claims
     * the kinds below its prefix only: {@code task.*} claims {@code task.bug} and {@code task.a.b},
     * never {@code task} itself nor {@code taskx}.
     */
    boolean matches(String kind);

    /** The text this pattern parses from: {@code task}, {@code task.*} or {@code *}. */
    String text();

    /** Exactly one kind. */
    record Exact(String kind) implements KindPattern {
        public Exact {
            if (!isKind(kind)) {
                throw new IllegalArgumentException(Grammar.problem(kind));
            }
        }

        @Override
        public boolean matches(String other) {
            return kind.equals(other);
        }

        @Override
        public String text() {
            return kind;
        }
    }

    /**
     * Every kind that starts with {@code prefix} and a dot.
     *
     * @param prefix the kind before {@code .*}: {@code task} for {@code task.*}
     */
    record Glob(String prefix) implements KindPattern {
        public Glob {
            if (!isKind(prefix)) {
                throw new IllegalArgumentException(Grammar.problem(prefix + ".*"));
            }
        }

        @Override
        public boolean matches(String kind) {
            return kind.length() > prefix.length() + 1
                    && kind.startsWith(prefix)
                    && kind.charAt(prefix.length()) == '.'
                    && isKind(kind);
        }

        @Override
        public String text() {
            return prefix + ".*";
        }
    }

    /** Every kind (the one registration that takes what no other claims). */
    record CatchAll() implements KindPattern {
        @Override
        public boolean matches(String kind) {
            return isKind(kind);
        }

        @Override
        public String text() {
            return CATCH_ALL;
        }
    }
}
