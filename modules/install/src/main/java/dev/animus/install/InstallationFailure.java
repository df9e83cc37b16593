package dev.animus.install;

/**
 * Everything installation and the launch gate throw at their callers, closed: an operator act on
 * installed plugins that could not be done ({@link InstallFailed}) and a launch the gate refused
 * ({@link LaunchRefused}). Callers branch with an exhaustive {@code switch}.
 */
public sealed interface InstallationFailure permits InstallFailed, LaunchRefused {
    /** One line for people: what could not be done, why, and what to do. */
    String getMessage();
}
