package dev.animus.providers;

import dev.animus.core.EnvironmentPolicy;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params of {@code agent/run} and {@code agent/resume} as the host builds them
 * (docs/protocol.md#agentrun-and-agentresume). Pure.
 */
public final class RunParams {
    private RunParams() {}

    /**
     * The params of {@code request}'s method.
     *
     * @param controlSessionId the host-minted id of this run
     * @param policy the plugin's environment policy (the base allowlist and its declared names)
     * @param callerEnvironment the environment the host takes allowed names from
     */
    public static ObjectNode of(
            AgentRequest request,
            String controlSessionId,
            RunContext context,
            EnvironmentPolicy policy,
            Map<String, String> callerEnvironment) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("prompt", request.prompt());
        request.model().ifPresent(m -> p.put("model", m));
        p.put("cwd", context.cwd().toString());
        ObjectNode env = p.putObject("env");
        environment(request, policy, callerEnvironment).forEach(env::put);
        p.put("control_session_id", controlSessionId);
        context.projectRoot().ifPresent(r -> p.put("project_root", r.toString()));
        request.timeout().ifPresent(t -> p.put("timeout_secs", Math.max(1, (t.toMillis() + 999) / 1000)));
        request.systemPrompt().ifPresent(s -> p.put("system_prompt", s));
        request.resume().ifPresent(s -> p.put("session_id", s));
        return p;
    }

    /**
     * The {@code env} param: the names the policy permits taken from the caller's environment, then
     * the request's extras laid over them where the policy permits the name too. An extra the
     * plugin does not declare (nor the base allowlist names) is dropped: it never reaches the plugin.
     */
    public static Map<String, String> environment(
            AgentRequest request, EnvironmentPolicy policy, Map<String, String> callerEnvironment) {
        Map<String, String> env = new TreeMap<>(policy.environmentFor(callerEnvironment, Map.of()));
        request.env().forEach((k, v) -> {
            if (k.equals("PATH")) { // the same rule as the caller's PATH: absolute entries only
                EnvironmentPolicy.absoluteEntries(v).ifPresent(kept -> env.put(k, kept));
            } else if (policy.permits(k)) {
                env.put(k, v);
            }
        });
        return env;
    }
}
