package dev.animus.runtime;

import dev.animus.install.InstallChain;
import java.util.List;

/** Asked once for a whole set of default plugins, with the screen of each on it. */
@FunctionalInterface
public interface DefaultsConfirmation {
    /** Returns normally when confirmed; throws (everything of the set is then put back) when not. */
    void confirm(List<InstallChain.Screen> screens);
}
