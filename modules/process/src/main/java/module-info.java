/**
 * Spawning plugin processes: a cleared environment, stdio pipes, the always-drained stderr tail,
 * exit detection and the graceful-then-forceful stop of the whole process tree.
 *
 * <p>Knows nothing of JSON-RPC. Must never depend on another adapter module nor on runtime or shell.
 */
module dev.animus.process {
    requires transitive dev.animus.core;
    requires org.slf4j;

    exports dev.animus.process;
}
