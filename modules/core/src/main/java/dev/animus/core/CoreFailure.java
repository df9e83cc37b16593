package dev.animus.core;

/**
 * Everything core throws at its callers, closed: a lifecycle step the state does not allow
 * ({@link InstallationRefused}), a manifest that breaks a rule ({@link ManifestInvalid}), a
 * {@code #!} line that cannot be run safely ({@link Shebang.Invalid}), and the failure of the
 * {@link SecretStore} port ({@link SecretStoreFailed}), which every secret backend throws. What a
 * plugin request fails with is a value, {@link HostFailure}, not an exception. Callers branch with
 * an exhaustive {@code switch}.
 */
public sealed interface CoreFailure permits InstallationRefused, ManifestInvalid, Shebang.Invalid, SecretStoreFailed {
    /** One line for people: what was refused or is wrong, and why. */
    String getMessage();
}
