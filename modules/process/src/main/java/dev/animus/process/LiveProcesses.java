package dev.animus.process;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every plugin process still running in this JVM, so that a JVM that exits (normally, on SIGINT or
 * on SIGTERM) takes its plugins' whole trees with it. Graceful stops happen before, in the owners'
 * {@code close()}; this is the last line.
 */
final class LiveProcesses {
    private static final Set<PluginProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(ProcessThreads.shutdownHook(LiveProcesses::killAll));
    }

    private LiveProcesses() {}

    static void register(PluginProcess p) {
        LIVE.add(p);
    }

    static void unregister(PluginProcess p) {
        LIVE.remove(p);
    }

    private static void killAll() {
        for (PluginProcess p : LIVE) {
            p.kill();
        }
        // adopted orphans that no tree could claim alone: the JVM's exit would hand them to init
        ProcessTree.kill(ProcessTree.allOrphans());
    }
}
