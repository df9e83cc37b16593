/**
 * Discovery: where Animus looks for plugins ({@code AnimusPaths}), the candidate scan (reading
 * nothing), the registry file, manifest reading ({@code Plugin.toml} or the hardened
 * {@code --manifest} probe) and the manifest cache keyed by the binary's digest, and the
 * {@code Discovery} that answers by name and by kind.
 *
 * <p>Whether a binary may run is asked through {@code TrustView}, a snapshot the caller reads; this
 * module never reads the state document itself. Must never depend on host, install, runtime or the
 * shell.
 */
module dev.animus.discovery {
    requires transitive dev.animus.core;
    requires dev.animus.process;
    requires tools.jackson.databind;
    requires tools.jackson.dataformat.toml;
    requires tools.jackson.dataformat.yaml;
    requires org.slf4j;

    exports dev.animus.discovery;
}
