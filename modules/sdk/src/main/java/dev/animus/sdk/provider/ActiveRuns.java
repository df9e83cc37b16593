package dev.animus.sdk.provider;

import dev.animus.sdk.PluginError;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session map of one plugin: control session id → the run in progress under it. An entry is
 * made before the provider is called and removed when it returned. Thread-safe.
 */
final class ActiveRuns {

    /** One run in progress: its token and the thread that runs it. */
    record Run(String controlSessionId, CancellationToken token, Thread thread) {}

    private final ConcurrentHashMap<String, Run> runs = new ConcurrentHashMap<>();

    /**
     * Enters a run.
     *
     * @throws PluginError {@code -32602} if a run under {@code controlSessionId} is in progress
     */
    Run enter(String controlSessionId, CancellationToken token, Thread thread) {
        var run = new Run(controlSessionId, token, thread);
        if (runs.putIfAbsent(controlSessionId, run) != null) {
            throw PluginError.invalidParams("a run with control_session_id '" + controlSessionId
                    + "' is already in progress; mint a new id for each run");
        }
        return run;
    }

    /** Removes {@code run}'s entry (and only it). */
    void leave(Run run) {
        runs.remove(run.controlSessionId(), run);
    }

    /**
     * Cancels the run under {@code controlSessionId}: its token's callbacks run on this thread,
     * then its thread is interrupted.
     *
     * @return whether a run was in progress under that id
     */
    boolean cancel(String controlSessionId) {
        Run run = runs.get(controlSessionId);
        if (run == null) {
            return false;
        }
        try {
            run.token().cancel();
        } finally {
            run.thread().interrupt();
        }
        return true;
    }

    int size() {
        return runs.size();
    }
}
