package dev.animus.runtime;

/**
 * What the application API itself refuses, closed: a path that cannot be read
 * ({@link PathUnreadable}), a plugin's requirement that is set nowhere ({@link RequirementMissing})
 * a download source that is not acceptable ({@link UrlSource.Refused}) and a {@code defaults.toml}
 * that cannot be used ({@link DefaultsInvalid}). Front ends branch with an
 * exhaustive {@code switch}.
 */
public sealed interface UseCaseFailure
        permits BundleRefused, DefaultsInvalid, PathUnreadable, RequirementMissing, UrlSource.Refused {
    /** One line for people. */
    String getMessage();
}
