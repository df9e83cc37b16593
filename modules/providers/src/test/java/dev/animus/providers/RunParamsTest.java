package dev.animus.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.EnvironmentPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class RunParamsTest {
    private static final EnvironmentPolicy POLICY = EnvironmentPolicy.declaring(Set.of("OPENAI_MODEL", "TOKEN"));
    private static final Map<String, String> CALLER =
            Map.of("PATH", "/usr/bin:bin", "HOME", "/home/u", "TOKEN", "t", "AWS_SECRET", "no");

    @Test
    void runParamsCarryWhatTheProtocolNames() {
        AgentRequest r = AgentRequest.of("oai", "say hi")
                .withModel("m1")
                .withTimeout(Duration.ofMillis(1500))
                .withSystemPrompt("brief");
        ObjectNode p = RunParams.of(
                r, "cs-1", new RunContext(Path.of("/work"), Optional.of(Path.of("/proj"))), POLICY, CALLER);
        assertEquals(
                "{\"prompt\":\"say hi\",\"model\":\"m1\",\"cwd\":\"/proj\",\"env\":{\"HOME\":\"/home/u\",\"PATH\":\"/usr/bin\","
                        + "\"TOKEN\":\"t\"},\"control_session_id\":\"cs-1\",\"project_root\":\"/proj\",\"timeout_secs\":2,"
                        + "\"system_prompt\":\"brief\"}",
                p.toString());
        assertEquals("agent/run", r.method());
    }

    @Test
    void resumeAddsTheProvidersSessionIdAndUnboundRunsInTheCallersDirectory() {
        AgentRequest r = AgentRequest.of("oai", "more").resuming("conv-1");
        ObjectNode p = RunParams.of(r, "cs-2", new RunContext(Path.of("/work"), Optional.empty()), POLICY, CALLER);
        assertEquals("agent/resume", r.method());
        assertEquals("conv-1", p.path("session_id").asString());
        assertEquals("/work", p.path("cwd").asString());
        assertFalse(p.has("project_root"));
    }

    /** Whatever extras a request carries, only base ∪ declared names reach the params. */
    @Test
    void anUndeclaredExtraNeverReachesTheParams() {
        Random random = new Random(7);
        List<String> names =
                List.of("PATH", "HOME", "LANG", "TOKEN", "OPENAI_MODEL", "SNEAKY", "LD_PRELOAD", "AWS_SECRET");
        for (int i = 0; i < 2_000; i++) {
            Map<String, String> extras = new HashMap<>();
            for (String n : names) {
                if (random.nextBoolean()) {
                    extras.put(n, "/v" + random.nextInt(9));
                }
            }
            Map<String, String> env =
                    RunParams.environment(AgentRequest.of("p", "x").withEnv(extras), POLICY, CALLER);
            for (String n : env.keySet()) {
                assertTrue(POLICY.permits(n), n + " reached the plugin");
            }
            extras.forEach((k, v) -> {
                if (POLICY.permits(k)) {
                    assertEquals(v, env.get(k), k);
                }
            });
        }
    }
}
