package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ControlStream;
import dev.animus.control.ErrorCategory;
import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.CancelOutcome;
import dev.animus.providers.ProviderFailure;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.AgentJson;
import dev.animus.runtime.Agents;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.ProviderInfo;
import dev.animus.runtime.RunningAgent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code agent/} group of the control protocol (docs/daemon.md#agent-runs): provider runs as
 * streams, their cancellation by any client, the installed providers. Every connection uses the
 * same {@link Agents} (one session map per daemon), so a run one client started can be cancelled
 * by another; a run whose client went away (or cancelled the stream) is cancelled with
 * {@code agent/cancel}, never left running.
 */
final class AgentMethods {
    private static final Logger LOG = LoggerFactory.getLogger(AgentMethods.class);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Events held for a client that reads slowly: a run's text must not be dropped lightly. */
    static final int STREAM_CAPACITY = 65_536;

    private final Animus animus;
    private final Plugins plugins;
    private final EventHub events;
    private final Map<String, Agents> byAgent = new ConcurrentHashMap<>();

    AgentMethods(Animus animus, Plugins plugins, EventHub events) {
        this.animus = animus;
        this.plugins = plugins;
        this.events = events;
    }

    void addTo(Handlers.Builder table) {
        table.on("agent/run", r -> run(r, false));
        table.on("agent/resume", r -> run(r, true));
        table.on("agent/cancel", r -> PluginMethods.answer(r, () -> cancel(r)));
        table.on("agent/providers", r -> PluginMethods.answer(r, this::providers));
    }

    /** The use cases for {@code agent}: the same session map whichever agent, the daemon's project binding. */
    private Agents agents(String agent) {
        return byAgent.computeIfAbsent(agent, a -> animus.agents(plugins, a, Optional.empty()));
    }

    /**
     * {@code agent/run} and {@code agent/resume}: refused before the ack when the run cannot start
     * (no such provider, not allowed to run, a requirement missing); else the ack, then as
     * {@code agent/event} data {@link AgentJson#started} (with the {@code control_session_id}), each
     * event in order, and the {@link AgentJson#result} or {@link AgentWire#failed} value; then
     * {@code subscription/closed}.
     */
    private void run(IncomingRequest r, boolean resume) {
        StreamRelay relay = new StreamRelay();
        Agents agents;
        RunningAgent run;
        try {
            AgentRequest request = AgentWire.request(r.params(), resume);
            agents = agents(Params.optionalText(r.params(), "agent").orElse("default"));
            run = agents.run(request, e -> relay.accept(AgentJson.event(e)));
        } catch (RuntimeException e) {
            throw FailureWire.toWire(e).orElseThrow(() -> e);
        }
        String id = run.controlSessionId();
        ControlStream stream;
        try {
            stream = ControlStream.open(r, "agent", STREAM_CAPACITY);
        } catch (RuntimeException e) { // the client went away before the ack: the run has no reader
            cancelOrphan(agents, run);
            throw e;
        }
        events.track(stream);
        events.publish("agent_run_started", fields(run));
        relay.attach(stream, List.of(AgentJson.started(id, run.provider())));
        stream.whenEnded().thenRun(() -> {
            if (!run.isDone()) {
                Thread.ofVirtual().name("animus-agent-orphan-" + id).start(() -> cancelOrphan(agents, run));
            }
        });
        ObjectNode ended = fields(run);
        JsonNode last = null;
        try {
            AgentOutcome outcome = run.await();
            last = AgentJson.result(outcome);
            ended.put("outcome", "result").put("exit_code", outcome.exitCode());
        } catch (RuntimeException e) {
            last = AgentWire.failed(id, e);
            ended.put("outcome", "failed").put("message", String.valueOf(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended.put("outcome", "interrupted");
        }
        ended.put("client_gone", stream.isEnded());
        events.publish("agent_run_ended", ended); // before the last value: a client that saw the end finds it
        if (last != null) {
            stream.emit(last);
        }
        stream.close("end");
        stream.awaitEnd();
    }

    /** The stream ended before the run: its client went away or cancelled it, so the run is cancelled. */
    private void cancelOrphan(Agents agents, RunningAgent run) {
        ObjectNode f = fields(run).put("reason", "its client went away");
        try {
            CancelOutcome c = agents.cancel(run.controlSessionId());
            events.publish("agent_run_cancelled", f.put("pid", c.pid()));
        } catch (ProviderFailure | dev.animus.host.PluginCallFailed e) {
            LOG.info(
                    "run {} outlived its client and could not be cancelled: {}",
                    run.controlSessionId(),
                    e.getMessage());
            events.publish("agent_run_cancel_failed", f.put("message", String.valueOf(e.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ObjectNode fields(RunningAgent run) {
        return JSON.objectNode()
                .put("control_session_id", run.controlSessionId())
                .put("provider", run.provider());
    }

    /** {@code agent/cancel {control_session_id}}: answers once the provider did, or fails after the cancel timeout. */
    private JsonNode cancel(IncomingRequest r) {
        String id = Params.text(r.params(), "control_session_id");
        CancelOutcome c = PluginMethods.Cancellable.run(r, () -> {
            try {
                return agents("default").cancel(id);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ControlError(ErrorCategory.UNAVAILABLE, "agent/cancel of " + id + " was given up");
            }
        });
        ObjectNode o = JSON.objectNode()
                .put("control_session_id", c.controlSessionId())
                .put("provider", c.provider())
                .put("pid", c.pid());
        o.set("answer", c.answer());
        return o;
    }

    /** {@code agent/providers}: {@code {providers: [{name, provider, version, description, capabilities}]}}. */
    private JsonNode providers() {
        ObjectNode o = JSON.objectNode();
        ArrayNode list = o.putArray("providers");
        for (ProviderInfo p : agents("default").providers()) {
            ObjectNode e = list.addObject()
                    .put("name", p.name())
                    .put("provider", p.canonical())
                    .put("version", p.version())
                    .put("description", p.description());
            p.capabilities().forEach(e.putArray("capabilities")::add);
        }
        return o;
    }
}
