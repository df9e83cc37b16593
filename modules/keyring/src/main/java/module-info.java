/**
 * The operator's OS keyring as a {@link dev.animus.core.SecretStore}: the Linux Secret Service,
 * through {@code secret-tool} (libsecret's command line). Values travel on stdin and stdout, never
 * in a process argument.
 */
module dev.animus.keyring {
    requires transitive dev.animus.core;
    requires org.slf4j;

    exports dev.animus.keyring;
}
