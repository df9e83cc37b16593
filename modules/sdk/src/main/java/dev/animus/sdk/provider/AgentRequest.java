package dev.animus.sdk.provider;

import dev.animus.sdk.PluginError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of one {@code agent/run} or {@code agent/resume}, typed. Unknown keys are kept in
 * {@link #params()} and otherwise ignored, so a newer host does not break an older provider.
 *
 * @param prompt what to do
 * @param model the model the caller asked for, if any
 * @param cwd the directory to work in (the project root under the daemon), absolute
 * @param env the environment the host allows this run (already filtered)
 * @param controlSessionId the host-minted id of this run: the {@code session_id} of its
 *     notifications and what {@code agent/cancel} names
 * @param projectRoot the project the run belongs to, absolute, if the host named one
 * @param timeout how long the caller gives the run ({@code timeout_secs}), if it said
 * @param systemPrompt instructions that precede the prompt, if any
 * @param permissionMode how much the agent may do unasked ({@code permission_mode}), if given
 * @param tools the tools the caller offers, a JSON array, if any
 * @param responseSchema the JSON schema the answer must follow, a JSON object, if any
 * @param reasoningEffort how hard to think ({@code reasoning_effort}), if given
 * @param sessionId for {@code agent/resume}: the provider's own id from an earlier result
 * @param params the params object as the host sent it
 */
public record AgentRequest(
        String prompt,
        Optional<String> model,
        Path cwd,
        Map<String, String> env,
        String controlSessionId,
        Optional<Path> projectRoot,
        Optional<Duration> timeout,
        Optional<String> systemPrompt,
        Optional<String> permissionMode,
        Optional<JsonNode> tools,
        Optional<JsonNode> responseSchema,
        Optional<String> reasoningEffort,
        Optional<String> sessionId,
        JsonNode params) {

    /** Copies {@code env}; every component is required (absent ones are empty optionals). */
    public AgentRequest {
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(cwd, "cwd");
        env = Map.copyOf(env);
        Objects.requireNonNull(controlSessionId, "controlSessionId");
        Objects.requireNonNull(projectRoot, "projectRoot");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(systemPrompt, "systemPrompt");
        Objects.requireNonNull(permissionMode, "permissionMode");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(responseSchema, "responseSchema");
        Objects.requireNonNull(reasoningEffort, "reasoningEffort");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(params, "params");
    }

    /**
     * Parses the params of {@code method}: {@code agent/resume} requires {@code session_id},
     * {@code agent/run} ignores it. A JSON {@code null} counts as absent.
     *
     * @throws PluginError {@code -32602} naming the first field that is missing or of the wrong
     *     type, with an example of a right value
     */
    public static AgentRequest parse(String method, JsonNode params) {
        return new AgentParams(method, params).request(method.equals("agent/resume"));
    }

    /** The project root if the host named one, else {@link #cwd()}. */
    public Path projectRootOrCwd() {
        return projectRoot.orElse(cwd);
    }
}
