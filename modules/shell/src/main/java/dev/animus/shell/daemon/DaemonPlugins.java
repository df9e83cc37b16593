package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonScope;
import dev.animus.host.ProjectBinding;
import dev.animus.runtime.Plugins;
import dev.animus.shell.AnimusCommand;

/** How the daemon's plugins are started: every one bound to the project (cwd and init_extensions). */
final class DaemonPlugins {
    private DaemonPlugins() {}

    static Plugins.Options options(AnimusCommand root, DaemonScope scope) {
        return Plugins.Options.fromEnvironment(root.environment()).withProjectBinding(new ProjectBinding(scope.root()));
    }
}
