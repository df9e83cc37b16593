package dev.animus.host;

import dev.animus.core.HostFailure;

/**
 * Everything supervision throws at its callers, closed: a request that failed
 * ({@link PluginCallFailed}) and a plugin that could not be brought to Ready ({@link LaunchFailed});
 * both carry why as a {@link dev.animus.core.HostFailure} value. Callers branch with an exhaustive
 * {@code switch}.
 */
public sealed interface SupervisionFailure permits PluginCallFailed, LaunchFailed {
    /** One line for people. */
    String getMessage();

    /** Why, as a value a caller can switch over. */
    HostFailure failure();
}
