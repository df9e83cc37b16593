/**
 * Installation: the installer (a path, a URL with its sha256, a GitHub release, signatures), trust
 * and the first {@code --manifest} probe, consent, enablement, rollback, removal, the lockfile
 * checks, inspection and doctor, the hand-off of secrets, the launch gate (whose guard a supervisor
 * asks, through core's {@link dev.animus.core.LaunchGuard}) and the repair of the state document.
 *
 * <p>Works on the stores it is given ({@code AnimusHome}); it constructs none (runtime wires them).
 * Must never depend on host, runtime or the shell.
 */
module dev.animus.install {
    requires transitive dev.animus.core;
    requires transitive dev.animus.discovery;
    requires transitive dev.animus.store;
    requires transitive dev.animus.fetch;
    requires transitive dev.animus.sigstore;
    requires dev.animus.process;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.install;
}
