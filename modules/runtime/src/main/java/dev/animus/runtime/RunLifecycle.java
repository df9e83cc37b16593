package dev.animus.runtime;

import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.RunnerEvent;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The lifecycle events of one provider run, sent to the agent's observers
 * (docs/lifecycle.md#hooks-and-events): {@code session-start} and {@code user-prompt} before it
 * starts, {@code tool-start} for each tool call, {@code tool-end} or {@code tool-error} for each
 * result, {@code run-complete} (exit code 0) or {@code run-failed} and then {@code session-end} when
 * it ended. Fire-and-forget: nothing here can change the run, delay it (the events are queued) or
 * fail it (a problem is logged).
 */
final class RunLifecycle {
    /** The most characters of a prompt sent with {@code user-prompt}; longer ones are cut and marked. */
    static final int PROMPT_CHARS = 2_000;

    private static final Logger LOG = LoggerFactory.getLogger(RunLifecycle.class);

    private final Hooks hooks;
    private final String provider;

    RunLifecycle(Hooks hooks, String provider) {
        this.hooks = Objects.requireNonNull(hooks, "hooks");
        this.provider = Objects.requireNonNull(provider, "provider");
    }

    /** Before the run starts. */
    void starting(AgentRequest request) {
        emit("session-start", data());
        String prompt = request.prompt();
        ObjectNode p =
                data().put("prompt", prompt.length() > PROMPT_CHARS ? prompt.substring(0, PROMPT_CHARS) : prompt);
        if (prompt.length() > PROMPT_CHARS) {
            p.put("truncated", true).put("length", prompt.length());
        }
        emit("user-prompt", p);
    }

    /** {@code sink}, with the tool events sent first. */
    Consumer<RunnerEvent> observing(Consumer<RunnerEvent> sink) {
        return e -> {
            // instanceof, not a pattern switch: a switch's first run bootstraps a class (about a
            // millisecond in a fresh JVM), on the path of the run's first event
            if (e instanceof RunnerEvent.ToolCall c) {
                ObjectNode d = data().put("tool", c.name());
                c.server().ifPresent(s -> d.put("server", s));
                emit("tool-start", d);
            } else if (e instanceof RunnerEvent.ToolResult r) {
                emit(r.success() ? "tool-end" : "tool-error", data().put("tool", r.name()));
            }
            sink.accept(e);
        };
    }

    /** Once the run ended, with its outcome or the failure it ended on. */
    void ended(String controlSessionId, AgentOutcome outcome, Throwable failure) {
        ObjectNode d = data().put("control_session_id", controlSessionId);
        if (outcome != null && outcome.exitCode() == 0) {
            emit("run-complete", d.put("exit_code", 0));
        } else if (outcome != null) {
            emit("run-failed", d.put("exit_code", outcome.exitCode()));
        } else {
            emit("run-failed", d.put("error", String.valueOf(failure == null ? "" : failure.getMessage())));
        }
        emit("session-end", data().put("control_session_id", controlSessionId));
    }

    private ObjectNode data() {
        return JsonNodeFactory.instance.objectNode().put("provider", provider);
    }

    private void emit(String event, ObjectNode data) {
        try {
            hooks.event(event, data);
        } catch (RuntimeException e) { // an unreadable state, say: the run goes on without its observers
            LOG.warn("lifecycle event {} not sent: {}", event, e.getMessage());
        }
    }
}
