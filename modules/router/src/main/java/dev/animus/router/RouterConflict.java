package dev.animus.router;

/**
 * Two registrations claim the same pattern (two exact kinds, two globs with the same prefix, or two
 * catch-alls): the router is not built. The message is one line, names both plugins and says how
 * to make both routable.
 */
public final class RouterConflict extends RuntimeException implements RoutingFailure {
    private static final long serialVersionUID = 1L;

    private final String pattern;
    private final String first;
    private final String second;

    /**
     * @param pattern the text of the pattern both claim, as the host routes it
     * @param first the plugin that claimed it first (in the order registrations were given)
     * @param second the plugin that claimed it again
     */
    public RouterConflict(String pattern, String first, String second) {
        super(message(pattern, first, second));
        this.pattern = pattern;
        this.first = first;
        this.second = second;
    }

    private static String message(String pattern, String first, String second) {
        String claim = "subject kind " + Grammar.quote(pattern) + " is claimed by both " + Grammar.quote(first)
                + " and " + Grammar.quote(second);
        if (first.equals(second)) {
            claim = "subject kind " + Grammar.quote(pattern) + " is claimed twice by " + Grammar.quote(first);
        }
        return switch (KindPattern.parse(pattern)) {
            case KindPattern.CatchAll c ->
                claim + ": the catch-all '*' cannot be aliased; keep one of them" + " (e.g. animus plugin disable "
                        + second + ")";
            case KindPattern.Exact e ->
                claim + ": install one with --as-kind <other kind> (e.g. animus plugin" + " install … --as-kind "
                        + e.kind() + "2)";
            case KindPattern.Glob g ->
                claim + ": install one with --as-kind <other kind>.* (e.g. animus plugin" + " install … --as-kind "
                        + g.prefix() + ".*=" + g.prefix() + "2.*)";
        };
    }

    /** The text of the pattern both claim. */
    public String pattern() {
        return pattern;
    }

    /** The plugin that claimed it first. */
    public String first() {
        return first;
    }

    /** The plugin that claimed it again. */
    public String second() {
        return second;
    }
}
