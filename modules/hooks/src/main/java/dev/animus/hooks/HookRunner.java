package dev.animus.hooks;

import dev.animus.core.Abstention;
import dev.animus.core.HookAnswers;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.HostFailure;
import dev.animus.core.OneLine;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.Supervisor;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * One hook call (docs/lifecycle.md#hooks-and-events): the validated input sent as
 * {@code hook/<name>} under a deadline (the host kills a process whose request outlives it, and
 * never retries), the answer bounded in size, read against the exact shape and rebuilt from the
 * allowed fields by core's {@link HookAnswers}. Total: every failure is an abstention with its
 * reason; it never throws. Thread-safe (stateless).
 */
public final class HookRunner {
    /** The deadline of a hook call unless told otherwise. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(2);
    /** The largest answer read, as compact JSON: larger ones are {@link Abstention.Reason#TOO_LARGE}. */
    public static final int MAX_ANSWER_BYTES = 64 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(HookRunner.class);
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final Duration deadline;

    /** A runner whose calls have {@code deadline}. */
    public HookRunner(Duration deadline) {
        this.deadline = Objects.requireNonNull(deadline, "deadline");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a hook deadline must be positive, not " + deadline);
        }
    }

    public Duration deadline() {
        return deadline;
    }

    /** The outcome of asking {@code handler} for {@code input}'s hook. */
    public HookOutcome call(Handler handler, HookInput input) {
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(input, "input");
        return switch (handler) {
            case Handler.Refused r -> new HookOutcome.Abstained(r.abstention());
            case Handler.Ready r -> call(r.supervisor(), input);
        };
    }

    private HookOutcome call(Supervisor plugin, HookInput input) {
        String name = plugin.name();
        try {
            JsonNode params = NeutralJson.toJson(input.wire());
            JsonNode answer = plugin.call(
                    input.hook().method(),
                    params,
                    CallOptions.defaults().withTimeout(deadline).withoutRetry());
            byte[] compact = JSON.writeValueAsBytes(answer);
            if (compact.length > MAX_ANSWER_BYTES) {
                return abstain(
                        Abstention.Reason.TOO_LARGE,
                        "plugin " + name + " answered " + compact.length + " bytes; a hook answer is at most "
                                + MAX_ANSWER_BYTES);
            }
            HookOutcome outcome = HookAnswers.read(input, NeutralJson.toNeutral(answer));
            if (outcome instanceof HookOutcome.Abstained a) {
                return abstain(
                        a.abstention().reason(),
                        "plugin " + name + "'s " + a.abstention().detail());
            }
            return outcome;
        } catch (PluginCallFailed e) {
            return switch (e.failure()) {
                case HostFailure.Timeout t ->
                    abstain(
                            Abstention.Reason.TIMEOUT,
                            "plugin " + name + " did not answer " + input.hook().wire() + " within "
                                    + deadline.toMillis() + " ms; it was stopped");
                case HostFailure.Undisclosed u -> abstain(Abstention.Reason.NOT_ALLOWED, e.getMessage());
                case HostFailure.Disabled d -> abstain(Abstention.Reason.NOT_ALLOWED, e.getMessage());
                case HostFailure.TooManyRestarts t -> abstain(Abstention.Reason.NOT_ALLOWED, e.getMessage());
                default -> abstain(Abstention.Reason.PLUGIN_ERROR, e.getMessage());
            };
        } catch (RuntimeException e) { // never a throw: whatever went wrong, the hook abstains
            LOG.warn("hook {} to plugin {} failed in the host", input.hook().wire(), name, e);
            return abstain(
                    Abstention.Reason.PLUGIN_ERROR,
                    "plugin " + name + ": " + OneLine.of(String.valueOf(e.getMessage())));
        }
    }

    private static HookOutcome abstain(Abstention.Reason reason, String detail) {
        return new HookOutcome.Abstained(new Abstention(reason, detail));
    }
}
