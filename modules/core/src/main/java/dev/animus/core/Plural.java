package dev.animus.core;

/** A count and its noun for people: {@code 1 plugin}, {@code 2 plugins}, {@code 0 entries}. Stateless. */
public final class Plural {
    private Plural() {}

    /** {@code n} and {@code noun}, with an {@code s} unless {@code n} is 1. */
    public static String of(long n, String noun) {
        return of(n, noun, noun + "s");
    }

    /** {@code n} and {@code one} when it is 1, else {@code many}. */
    public static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
