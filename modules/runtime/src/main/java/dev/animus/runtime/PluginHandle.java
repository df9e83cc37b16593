package dev.animus.runtime;

import dev.animus.core.InitializeResult;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.host.Supervisor;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One registered plugin of {@link Plugins}: what a front end calls, pings, describes and resets. */
public final class PluginHandle implements PluginEndpoint {
    private final Supervisor supervisor;

    PluginHandle(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    /** The name it is registered under. */
    @Override
    public String name() {
        return supervisor.name();
    }

    /**
     * Calls {@code method} with {@code params}, launching the plugin first when it is not running.
     *
     * @throws dev.animus.host.PluginCallFailed or {@link dev.animus.host.LaunchFailed} when it fails
     */
    @Override
    public JsonNode call(String method, JsonNode params, CallOptions options) {
        return supervisor.call(method, params, options);
    }

    /** Pings it (launching it first when needed); returns the round trip. */
    @Override
    public Duration ping(CallOptions options) {
        return supervisor.ping(options);
    }

    /** Its initialize result, launching it when needed. */
    @Override
    public InitializeResult describe() {
        return supervisor.describe();
    }

    /** Its initialize result, if it is running and has completed the handshake. */
    @Override
    public Optional<InitializeResult> handshake() {
        return supervisor.handshake();
    }

    /** Its status now. */
    @Override
    public PluginStatus status() {
        return supervisor.status();
    }

    /** Clears its crash count and a crash-loop disablement. */
    @Override
    public void reset() {
        supervisor.reset();
    }

    /**
     * Keeps its process from the idle shutdown until the hold is closed (a role plugin the daemon
     * keeps running for its life: the workflow runner).
     */
    public Supervisor.Hold hold() {
        return supervisor.hold();
    }

    /** Stops its process, if one runs; it stays registered. */
    @Override
    public void stopProcess() {
        supervisor.stopProcess();
    }
}
