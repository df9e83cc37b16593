package dev.animus.daemon;

import dev.animus.install.Permit;
import dev.animus.runtime.Animus;
import dev.animus.runtime.GrantsStamp;
import dev.animus.runtime.PluginHandle;
import dev.animus.runtime.Plugins;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The daemon's resolved plugins: the launch gate's permit for a name and agent, and the plugin it
 * registered in the daemon's host. A one-shot command asks the gate every time; the daemon asks it
 * again only when the files that decide it changed ({@link GrantsStamp}: a trust, consent,
 * enablement, pin or secret changed by any process), so a revoked grant takes effect at the next
 * call while a warm call costs three {@code stat}s, not a digest of the stored code.
 *
 * <p>Thread-safe; resolutions run one at a time.
 */
final class PermitCache {
    /** A resolved plugin. */
    record Resolved(Permit permit, PluginHandle handle) {}

    private record Key(String name, String agent) {}

    private final Animus animus;
    private final Plugins plugins;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Key, Resolved> resolved = new HashMap<>();
    private GrantsStamp stamp;

    PermitCache(Animus animus, Plugins plugins) {
        this.animus = animus;
        this.plugins = plugins;
    }

    /**
     * The permit and handle of {@code name} for {@code agent}.
     *
     * @throws dev.animus.install.LaunchRefused or {@link dev.animus.runtime.RequirementMissing} as the
     *     in-process use case does
     */
    Resolved resolve(String name, String agent) {
        GrantsStamp now = animus.grantsStamp();
        Key key = new Key(name, agent);
        lock.lock();
        try {
            if (!now.equals(stamp)) {
                resolved.clear();
                stamp = now;
            }
            Resolved r = resolved.get(key);
            if (r == null) {
                Permit permit = animus.permit(name, agent);
                r = new Resolved(permit, animus.register(permit, plugins));
                resolved.put(key, r);
            }
            return r;
        } finally {
            lock.unlock();
        }
    }
}
