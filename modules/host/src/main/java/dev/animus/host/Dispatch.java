package dev.animus.host;

import dev.animus.core.InitializeResult;
import java.util.Objects;

/**
 * The process a request is about to be written to: told to {@link CallOptions#onDispatch} before
 * the request is sent (once per attempt: a retry names the fresh process), so that a caller can
 * address that same process later ({@link Supervisor#callOn}).
 *
 * @param incarnation the supervisor's launch counter of that process
 * @param pid its process id
 * @param initialize what it answered to {@code initialize} (its capabilities)
 */
public record Dispatch(long incarnation, long pid, InitializeResult initialize) {
    public Dispatch {
        Objects.requireNonNull(initialize, "initialize");
    }
}
