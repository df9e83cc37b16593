package dev.animus.discovery;

/**
 * Everything discovery throws at its callers, closed: a candidate too large to copy and probe
 * ({@link ProbeCopy.TooLarge}). Callers branch with an exhaustive {@code switch}.
 */
public sealed interface DiscoveryFailure permits ProbeCopy.TooLarge {
    /** One line for people, naming the file. */
    String getMessage();
}
