package dev.animus.router;

/**
 * What the router refuses, closed: a routing table two backends claim alike ({@link RouterConflict})
 * and a kind nothing serves ({@link NoSubjectBackend}). Front ends branch with an exhaustive {@code
 * switch}.
 */
public sealed interface RoutingFailure permits RouterConflict, NoSubjectBackend {
    /** One line for people: what clashed or is missing, and what to do. */
    String getMessage();
}
