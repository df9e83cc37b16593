/**
 * The {@code animus} command: the declarative command tree, rendering, exit codes and main().
 * The only module that writes to stdout/stderr or binds a logging backend.
 */
module dev.animus.shell {
    requires dev.animus.runtime;
    requires info.picocli;
    requires org.slf4j;

    opens dev.animus.shell to info.picocli;
}
