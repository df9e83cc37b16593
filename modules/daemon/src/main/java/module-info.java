/**
 * The daemon: one long-lived process per project root that owns one runtime {@code Animus} and its
 * plugins, answers the control protocol on its socket through runtime's application API, and the
 * client side a front end uses to reach it (docs/daemon.md). It also holds what lives on disk and
 * around the process: the scope and its run directory ({@code DaemonScope}), the lock, pid and info
 * files ({@code DaemonLock}, {@code RunningDaemon}), the records of spawned plugins and the reaping
 * of a crashed daemon's orphans ({@code PluginRecords}, {@code OrphanReaper}), its rotated log
 * ({@code DaemonLog}) and the systemd user unit ({@code SystemdUnit})
 * (docs/operations.md#the-daemons-files).
 *
 * <p>A front end, like the shell: reaches services only through runtime's application API
 * ({@code dev.animus.runtime.Animus}) and the control module, and uses the capabilities' and
 * store's value types that runtime re-exports; never builds a store, never requires an adapter
 * other than rpc's value types, writes to no standard stream. Must never depend on the shell.
 */
module dev.animus.daemon {
    requires transitive dev.animus.runtime;
    requires transitive dev.animus.control;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.daemon;
}
