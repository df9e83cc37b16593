package dev.animus.runtime;

import dev.animus.hooks.HookSession;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The sealed hook sessions of one host's agents: one per agent, replaced (and the old one closed)
 * when the files that decide what may run changed ({@link GrantsStamp}). Every {@link Hooks} over
 * the same {@link Plugins} sees the same sessions, so a daemon's clients share an agent's
 * registrations and its tool-call cache. Thread-safe; closed with its plugins.
 */
final class HookSessions implements AutoCloseable {
    private record Sealed(GrantsStamp stamp, HookSession session) {}

    private final Map<String, Sealed> byAgent = new ConcurrentHashMap<>();

    /** The session of {@code agent} sealed under {@code stamp}, sealing a new one with {@code seal} if needed. */
    HookSession of(String agent, GrantsStamp stamp, Supplier<HookSession> seal) {
        Sealed[] replaced = new Sealed[1];
        Sealed now = byAgent.compute(agent, (a, old) -> {
            if (old != null && old.stamp().equals(stamp)) {
                return old;
            }
            replaced[0] = old;
            return new Sealed(stamp, seal.get());
        });
        if (replaced[0] != null) {
            replaced[0].session().close();
        }
        return now.session();
    }

    @Override
    public void close() {
        byAgent.values().forEach(s -> s.session().close());
        byAgent.clear();
    }
}
