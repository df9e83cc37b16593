package dev.animus.subjects;

/**
 * What the subject calls themselves refuse, closed: a backend's answer of the wrong shape
 * ({@link SubjectInvalid}). The router's failures are {@code dev.animus.router.RoutingFailure}, a
 * backend's own error the host's {@code PluginCallFailed}. Front ends branch with an exhaustive
 * {@code switch}.
 */
public sealed interface SubjectFailure permits SubjectInvalid {
    /** One line for people. */
    String getMessage();
}
