package dev.animus.daemon;

import dev.animus.control.ControlClient;
import dev.animus.control.ControlError;
import dev.animus.control.ControlSubscription;
import dev.animus.control.ErrorCategory;
import dev.animus.control.StreamEvent;
import dev.animus.core.HostFailure;
import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.CancelOutcome;
import dev.animus.providers.RunFailed;
import dev.animus.providers.RunnerEvent;
import dev.animus.rpc.PendingCall;
import dev.animus.runtime.AgentEndpoint;
import dev.animus.runtime.AgentJson;
import dev.animus.runtime.Agents;
import dev.animus.runtime.ProviderInfo;
import dev.animus.runtime.RunningAgent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The daemon's provider use cases, over its control socket ({@code agent/run}, {@code agent/resume},
 * {@code agent/cancel}, {@code agent/providers}): the same events, outcomes and failures as the
 * in-process {@link Agents}. A run's events are read by a thread of its own and handed to the sink
 * in order; the run's outcome completes after the last of them.
 */
final class RemoteAgents implements AgentEndpoint {
    /** Events this client holds before it reads them (the daemon holds as many). */
    static final int CAPACITY = AgentMethods.STREAM_CAPACITY;
    /** How long the daemon may take to send a run's first value after the ack. */
    private static final Duration FIRST = Duration.ofSeconds(30);
    /** Added to the cancel timeout for the round trip, so the daemon's timeout wins. */
    private static final Duration MARGIN = Duration.ofSeconds(5);

    private final DaemonLink link;
    private final String agent;

    RemoteAgents(DaemonLink link, String agent) {
        this.link = link;
        this.agent = agent;
    }

    @Override
    public RunningAgent run(AgentRequest request, Consumer<RunnerEvent> sink) {
        ControlSubscription sub;
        try {
            sub = link.client().follow(request.method(), AgentWire.params(request, agent), CAPACITY);
        } catch (ControlError e) {
            throw DaemonLink.typed(e);
        }
        JsonNode started;
        try {
            started = first(sub);
        } catch (RuntimeException e) {
            sub.close();
            throw e;
        }
        String id = started.path("control_session_id").asString();
        String provider = started.path("provider").asString();
        CompletableFuture<AgentOutcome> outcome = new CompletableFuture<>();
        Thread.ofVirtual().name("animus-agent-stream-" + id).start(() -> pump(sub, id, provider, sink, outcome));
        return RunningAgent.of(id, provider, outcome);
    }

    /** The stream's first value: the run's {@code started} line. */
    private static JsonNode first(ControlSubscription sub) {
        long deadline = System.nanoTime() + FIRST.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                var next = sub.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (next.isEmpty()) {
                    continue;
                }
                switch (next.get()) {
                    case StreamEvent.Data d -> {
                        if (!d.data().path("type").asString("").equals("started")
                                || !d.data().path("control_session_id").isString()) {
                            throw new ControlError(
                                    ErrorCategory.INTERNAL,
                                    "the daemon's agent stream did not begin with the run's id: " + d.data());
                        }
                        return d.data();
                    }
                    case StreamEvent.Lagged l -> {
                        // cannot happen before the first value; keep reading
                    }
                    case StreamEvent.Closed c ->
                        throw DaemonLink.failure(new ControlError(
                                ErrorCategory.UNAVAILABLE,
                                "the daemon ended the run's stream before it started: " + c.reason()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DaemonLink.failure(
                    new ControlError(ErrorCategory.UNAVAILABLE, "interrupted while the run was starting"));
        }
        throw DaemonLink.failure(
                new ControlError(ErrorCategory.UNAVAILABLE, "the daemon did not start the run in " + FIRST));
    }

    /** Hands the stream's events to {@code sink} in order, then completes {@code outcome} with its end. */
    private static void pump(
            ControlSubscription sub,
            String id,
            String provider,
            Consumer<RunnerEvent> sink,
            CompletableFuture<AgentOutcome> outcome) {
        StringBuilder streamed = new StringBuilder();
        try (sub) {
            while (!outcome.isDone()) {
                var next = sub.next(Duration.ofSeconds(1));
                if (next.isEmpty()) {
                    continue;
                }
                switch (next.get()) {
                    case StreamEvent.Data d -> {
                        JsonNode j = d.data();
                        switch (j.path("type").asString("")) {
                            case "result" -> outcome.complete(AgentJson.readResult(j));
                            case "failed" -> outcome.completeExceptionally(AgentWire.failure(j));
                            default -> {
                                RunnerEvent e = AgentJson.readEvent(j);
                                if (e instanceof RunnerEvent.Output o) {
                                    streamed.append(o.text());
                                }
                                sink.accept(e);
                            }
                        }
                    }
                    case StreamEvent.Lagged l ->
                        sink.accept(new RunnerEvent.Error(
                                "this client missed " + l.missed() + " events of the run: it read them too slowly",
                                true));
                    case StreamEvent.Closed c ->
                        outcome.completeExceptionally(new RunFailed(
                                provider,
                                id,
                                new HostFailure.ConnectionLost(
                                        "the daemon's stream of the run ended: " + c.reason(),
                                        OptionalInt.empty(),
                                        List.of()),
                                streamed.toString()));
                }
            }
            drain(sub);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome.completeExceptionally(new IllegalStateException("the run's reader was interrupted"));
        } catch (RuntimeException | Error e) {
            outcome.completeExceptionally(e);
        }
    }

    /** Reads up to the stream's end after its last value, so closing it cancels nothing. */
    private static void drain(ControlSubscription sub) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        while (System.nanoTime() < deadline) {
            var next = sub.next(Duration.ofMillis(200));
            if (next.isPresent() && next.get() instanceof StreamEvent.Closed) {
                return;
            }
        }
    }

    @Override
    public CancelOutcome cancel(String controlSessionId) throws InterruptedException {
        PendingCall call = link.client()
                .send(
                        "agent/cancel",
                        JsonNodeFactory.instance.objectNode().put("control_session_id", controlSessionId),
                        Agents.CANCEL_TIMEOUT.plus(MARGIN));
        JsonNode r;
        try {
            r = ControlClient.await(call);
        } catch (ControlError e) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while cancelling " + controlSessionId);
            }
            throw DaemonLink.typed(e);
        }
        return new CancelOutcome(
                r.path("control_session_id").asString(controlSessionId),
                r.path("provider").asString(),
                r.path("pid").asLong(),
                r.path("answer"));
    }

    @Override
    public List<ProviderInfo> providers() {
        JsonNode r = link.request("agent/providers", JsonNodeFactory.instance.objectNode());
        List<ProviderInfo> out = new ArrayList<>();
        for (JsonNode p : r.path("providers")) {
            List<String> capabilities = new ArrayList<>();
            p.path("capabilities").forEach(c -> capabilities.add(c.asString()));
            out.add(new ProviderInfo(
                    p.path("name").asString(),
                    p.path("provider").asString(),
                    p.path("version").asString(),
                    p.path("description").asString(),
                    capabilities));
        }
        return List.copyOf(out);
    }
}
