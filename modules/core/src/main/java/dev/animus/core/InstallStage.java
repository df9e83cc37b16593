package dev.animus.core;

import java.util.Locale;

/**
 * How far one plugin got through the installation lifecycle
 * (docs/lifecycle.md#installation-lifecycle) for one agent. Each stage implies the ones before it;
 * only {@link #ENABLED} may launch.
 */
public enum InstallStage {
    /** No code is installed under the name. */
    NOT_INSTALLED,
    /** Installed, but its code digest is not trusted. */
    UNTRUSTED,
    /** Trusted, but its current disclosure is not consented (or its manifest is missing or invalid). */
    TRUSTED,
    /** Consented, but not enabled for the agent. */
    CONSENTED,
    /** Enabled for the agent (or for all agents): it may launch. */
    ENABLED;

    /** The word used in output: {@code not installed}, {@code untrusted}, {@code trusted}, ... */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
