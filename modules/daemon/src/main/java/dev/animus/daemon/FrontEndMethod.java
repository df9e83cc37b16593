package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.rpc.Handlers;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;

/**
 * A control method the front end that runs the daemon adds to it: what only the front end knows,
 * such as the shell's command tree for {@code completion/complete}. The daemon answers the request
 * with {@code answer}'s result for its params; an {@link IllegalArgumentException} is the client's
 * bad request, other failures travel as the daemon's own do ({@link FailureWire}).
 *
 * @param name the method, in a group of its own (never one of the daemon's: {@code plugin/}, {@code daemon/}, …)
 * @param answer the result for the request's params; called on the request's own thread, so it must be thread-safe
 */
public record FrontEndMethod(String name, UnaryOperator<JsonNode> answer) {
    /** The groups the daemon's own methods are in: a front end's method in one of them is refused. */
    static final List<String> DAEMON_GROUPS = List.of(
            "daemon/", "plugin/", "agent/", "subject/", "trigger/", "hook/", "queue/", "workflow/", "transport/", "$/");

    public FrontEndMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(answer, "answer");
        if (!name.matches("[a-z]+/[a-z_]+") || DAEMON_GROUPS.stream().anyMatch(name::startsWith)) {
            throw new IllegalArgumentException(
                    "a front end's control method is 'group/verb' outside the daemon's groups " + DAEMON_GROUPS + ": "
                            + name);
        }
    }

    /** Adds the method to {@code table}. */
    void addTo(Handlers.Builder table) {
        table.on(
                name,
                r -> PluginMethods.answer(r, () -> {
                    try {
                        return answer.apply(r.params());
                    } catch (IllegalArgumentException e) {
                        throw new ControlError(ErrorCategory.INVALID_REQUEST, e.getMessage());
                    }
                }));
    }
}
