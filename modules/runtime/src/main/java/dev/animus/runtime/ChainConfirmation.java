package dev.animus.runtime;

import dev.animus.install.InstallChain;

/**
 * Asked once by a one-confirmation install or update (docs/cli.md#one-confirmation), with
 * everything it will grant on one screen: the application API's question callback.
 */
@FunctionalInterface
public interface ChainConfirmation {
    /** Returns normally when confirmed; throws (everything is then rolled back) when not. */
    void confirm(InstallChain.Screen screen);
}
