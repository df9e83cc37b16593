package dev.animus.process;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every manifest probe still running in this JVM, so that a JVM that exits (normally, on SIGINT or
 * on SIGTERM) in the middle of discovery takes the probes' trees with it. The probes' own bounds
 * end them otherwise; this is the last line, as {@link LiveProcesses} is for plugins.
 */
final class LiveProbes {
    private static final Logger LOG = LoggerFactory.getLogger(LiveProbes.class);
    private static final Set<ProbeRun> LIVE = ConcurrentHashMap.newKeySet();

    static {
        try {
            Runtime.getRuntime().addShutdownHook(ProcessThreads.shutdownHook(LiveProbes::killAll));
        } catch (IllegalStateException e) {
            // the JVM is already exiting: each probe still kills its own tree before it returns
            LOG.debug("no shutdown hook for probes: {}", e.getMessage());
        }
    }

    private LiveProbes() {}

    static void register(ProbeRun run) {
        LIVE.add(run);
    }

    static void unregister(ProbeRun run) {
        LIVE.remove(run);
    }

    private static void killAll() {
        for (ProbeRun run : LIVE) {
            run.killTree();
        }
        // adopted orphans that no tree could claim alone: the JVM's exit would hand them to init
        ProcessTree.kill(ProcessTree.allOrphans());
    }
}
