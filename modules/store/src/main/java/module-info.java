/**
 * What Animus keeps on disk under {@code <animus_home>}: the digest-addressed store of installed
 * code, the state document (installation lifecycle) under its lock, and the lockfile
 * {@code plugins.lock}. Every write is atomic (temp file, fsync, rename, directory fsync); every
 * corrupt or unknown document fails closed and is left byte-identical.
 *
 * <p>Must never depend on another adapter module (rpc, process, ...) nor on runtime or shell; it
 * never runs plugin code.
 */
module dev.animus.store {
    requires transitive dev.animus.core;
    requires tools.jackson.databind;
    requires tools.jackson.dataformat.toml;
    requires org.slf4j;
    // UnixSystem: the user id this process runs as, to refuse documents someone else owns
    requires jdk.security.auth;

    exports dev.animus.store;
}
