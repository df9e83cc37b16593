package dev.animus.runtime;

import dev.animus.core.InitializeResult;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One plugin a front end calls, pings, describes and resets, wherever it runs: in this process
 * ({@link PluginHandle}) or in the project's daemon (the daemon module's client). Both fail the
 * same way, with the same failure types, so a front end shows the same output either way.
 */
public interface PluginEndpoint {

    /** The name it is registered under. */
    String name();

    /**
     * Calls {@code method} with {@code params}, launching the plugin first when it is not running.
     *
     * @throws dev.animus.host.PluginCallFailed or {@link dev.animus.host.LaunchFailed} when it fails
     */
    JsonNode call(String method, JsonNode params, CallOptions options);

    /** Pings it (launching it first when needed); returns the round trip. */
    Duration ping(CallOptions options);

    /** Its initialize result, launching it when needed. */
    InitializeResult describe();

    /** Its initialize result, if it is running and has completed the handshake. */
    Optional<InitializeResult> handshake();

    /** Its status now. */
    PluginStatus status();

    /** Clears its crash count and a crash-loop disablement. */
    void reset();

    /** Stops its process, if one runs; it stays registered. */
    void stopProcess();
}
