package dev.animus.shell;

import dev.animus.runtime.AnimusHome;
import dev.animus.runtime.AnimusPaths;
import dev.animus.runtime.PluginHost;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every command of one {@code animus} process shares: the standard streams, the caller's
 * environment, and the plugin host, so plugins stay warm from one command of a script to the next.
 *
 * @param scriptMode whether commands come from stdin (then stdin is not free for {@code --params -})
 */
record ShellContext(Terminal terminal, Map<String, String> environment, PluginHost host, boolean scriptMode,
        Set<Path> warnedAbout, Map<AnimusPaths, AnimusHome> homes) {

    ShellContext {
        environment = Map.copyOf(environment);
    }

    static ShellContext oneShot(Terminal terminal, Map<String, String> environment, PluginHost host) {
        return new ShellContext(terminal, environment, host, false, ConcurrentHashMap.newKeySet(),
                new ConcurrentHashMap<>());
    }

    /** The same context, reading commands from stdin. */
    ShellContext asScript() {
        return new ShellContext(terminal, environment, host, true, warnedAbout, homes);
    }

    /**
     * The home and project of {@code paths}, opened once per process: commands of one script share
     * its stores, so a plugin registered by one command stays warm for the next.
     */
    AnimusHome home(AnimusPaths paths) {
        return homes.computeIfAbsent(paths, p -> AnimusHome.open(p, environment));
    }
}
