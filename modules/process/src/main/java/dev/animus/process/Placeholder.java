package dev.animus.process;

/** Placeholder until the first class of this module lands; delete it then. */
final class Placeholder {
    private Placeholder() {}
}
