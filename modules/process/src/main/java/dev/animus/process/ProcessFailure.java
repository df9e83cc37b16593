package dev.animus.process;

/**
 * Everything the process module throws at its callers, closed: the operating system refused to
 * start a plugin process ({@link SpawnFailed}), or a script's interpreter cannot be resolved or used
 * ({@link Interpreters.Unresolved}). Callers branch with an exhaustive {@code switch}.
 */
public sealed interface ProcessFailure permits SpawnFailed, Interpreters.Unresolved {
    /** One line for people, naming the executable. */
    String getMessage();
}
