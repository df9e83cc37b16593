package dev.animus.router;

import dev.animus.core.ErrorCodes;

/**
 * No registration claims a kind. Callers that answer JSON-RPC map it to {@link #code()} (-32601,
 * method not found) with {@link #getMessage()}, which starts {@code no subject backend for kind
 * '<kind>'} and says what to do.
 */
public final class NoSubjectBackend extends RuntimeException implements RoutingFailure {
    private static final long serialVersionUID = 1L;

    private final String kind;

    /** @param kind the kind nothing serves, as the caller wrote it */
    public NoSubjectBackend(String kind) {
        super("no subject backend for kind " + Grammar.quote(kind) + ": " + advice(kind));
        this.kind = kind;
    }

    private static String advice(String kind) {
        return KindPattern.isKind(kind)
                ? "install a subject backend plugin that declares subject_kind:" + kind
                        + " (animus plugin install …), or see which kinds are served with animus subject kinds"
                : "it is not a kind (lowercase letters, digits, '_' and '-' in dot-separated segments, e.g. task);"
                        + " see which kinds are served with animus subject kinds";
    }

    /** The kind nothing serves. */
    public String kind() {
        return kind;
    }

    /** The JSON-RPC error code for it: method not found. */
    public int code() {
        return ErrorCodes.METHOD_NOT_FOUND;
    }
}
