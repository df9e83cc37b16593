package dev.animus.install;

import dev.animus.core.PluginState;
import dev.animus.store.LockEntry;
import dev.animus.store.LockfileUnreadable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What one plugin name had before a composed act ({@link InstallChain}) began: its state entry and
 * its lockfile pin. {@link #restore} puts both back and frees the store entries nothing references
 * any more, so a refused or failed chain leaves what it found.
 */
final class ChainRollback {
    private final AnimusHome home;
    private final String name;
    private final Optional<PluginState> plugin;
    /** Empty when the lockfile could not be read then (a pin is then left as the act wrote it). */
    private final Optional<Optional<LockEntry>> pin;

    private final boolean lockfileExisted;

    private ChainRollback(
            AnimusHome home,
            String name,
            Optional<PluginState> plugin,
            Optional<Optional<LockEntry>> pin,
            boolean lockfileExisted) {
        this.home = home;
        this.name = name;
        this.plugin = plugin;
        this.pin = pin;
        this.lockfileExisted = lockfileExisted;
    }

    static ChainRollback take(AnimusHome home, String name) {
        Optional<Optional<LockEntry>> pin;
        try {
            pin = Optional.of(home.lockfile().read().entry(name));
        } catch (LockfileUnreadable e) {
            pin = Optional.empty();
        }
        return new ChainRollback(
                home,
                name,
                home.state().read().state().plugin(name),
                pin,
                Files.exists(home.lockfile().file()));
    }

    /** Puts the entry and the pin back as they were; removes a lockfile this act created and left empty. */
    void restore() {
        home.state().transact(s -> plugin.map(p -> s.with(name, p)).orElseGet(() -> s.without(name)));
        pin.ifPresent(p -> p.ifPresentOrElse(
                e -> home.lockfile().save(List.of(e), Set.of(), false),
                () -> home.lockfile().save(List.of(), Set.of(name), false)));
        if (!lockfileExisted && home.lockfile().read().entries().isEmpty()) {
            try {
                Files.deleteIfExists(home.lockfile().file());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        new TrustService(home).collectGarbage();
    }
}
