/**
 * The {@code animus} command: the declarative command tree, rendering, exit codes and main().
 * The only module that writes to stdout/stderr or binds a logging backend (slf4j-simple).
 *
 * <p>Talks to runtime only; must never reach into adapters for anything but their value types.
 */
module dev.animus.shell {
    requires dev.animus.runtime;
    requires info.picocli;
    requires org.slf4j;

    opens dev.animus.shell to info.picocli;
}
