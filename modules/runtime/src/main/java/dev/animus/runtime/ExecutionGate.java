package dev.animus.runtime;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The one seam that decides whether a binary may be executed at all (its {@code --manifest} probe
 * included). Discovery asks it before every probe; the trust gate (security.md: nothing runs
 * before the operator trusted its exact digest) plugs in here.
 */
@FunctionalInterface
public interface ExecutionGate {

    /**
     * Why {@code binary} with {@code sha256} must not run, one line with the command that would
     * allow it; empty when it may.
     */
    Optional<String> refusal(Path binary, String sha256);

    /** Lets everything run (until the trust gate exists; and for {@code plugin dev}). */
    static ExecutionGate allowAll() {
        return (binary, sha256) -> Optional.empty();
    }
}
