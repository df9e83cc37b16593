package dev.animus.router;

/** A kind moved from one pattern to another of the same type: the one rule of an alias. */
final class Renaming {
    private Renaming() {}

    /** {@code kind}, matched by {@code from}, as the same kind of {@code to}; itself when unmatched. */
    static String rename(String kind, KindPattern from, KindPattern to) {
        if (!from.matches(kind)) {
            return kind;
        }
        return switch (from) {
            case KindPattern.Exact e -> ((KindPattern.Exact) to).kind();
            case KindPattern.Glob g ->
                ((KindPattern.Glob) to).prefix() + kind.substring(g.prefix().length());
            case KindPattern.CatchAll c -> kind;
        };
    }
}
