/**
 * The daemon: one long-lived process per project root that keeps the project's plugins running,
 * answers the control protocol on its socket through runtime's application API, and the client
 * side a front end uses to reach it (docs/daemon.md).
 *
 * <p>A front end over runtime, like the shell: it holds no use-case logic of its own (every method
 * is one of runtime's use cases) and never writes to the standard streams. Must never depend on the
 * shell.
 */
module dev.animus.daemon {
    requires transitive dev.animus.runtime;
    requires transitive dev.animus.control;
    requires org.slf4j;

    exports dev.animus.daemon;
}
