/**
 * The daemon: one long-lived process per project root that owns one runtime {@code Animus} and its
 * plugins. This module holds what lives on disk and around the process: the scope and its run
 * directory ({@code DaemonScope}), the lock, pid and info files ({@code DaemonLock},
 * {@code RunningDaemon}), the records of spawned plugins and the reaping of a crashed daemon's
 * orphans ({@code PluginRecords}, {@code OrphanReaper}), its rotated log ({@code DaemonLog}) and
 * the systemd user unit ({@code SystemdUnit}) (docs/operations.md#the-daemons-files).
 *
 * <p>A front end, like the shell: reaches services only through runtime's application API
 * ({@code dev.animus.runtime.Animus}) and uses the capabilities' and store's value types that
 * runtime re-exports; never builds a store, never requires an adapter, writes to no standard
 * stream.
 */
module dev.animus.daemon {
    requires dev.animus.runtime;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.daemon;
}
